import type { Database } from "../database.ts";
import type { Deps } from "../deps.ts";
import type { ResourceObject } from "../http/jsonapi.ts";

type FileRow = Database["project_files"];
/** A file's record without its bytes: what lists and checks need. */
export type FileRecord = Omit<FileRow, "bytes">;

const recordColumns = [
  "id",
  "project_id",
  "workspace_id",
  "name",
  "content_type",
  "size",
  "uploaded_by",
  "created_at",
] as const;

/**
 * Stores the file unless one with its id is there already (a retried upload derives the same id),
 * and answers the stored record either way.
 */
export async function storeFile(deps: Deps, file: FileRow): Promise<FileRecord> {
  await deps.db
    .insertInto("project_files")
    .values(file)
    .onConflict((conflict) => conflict.column("id").doNothing())
    .execute();
  return deps.db.selectFrom("project_files").select(recordColumns).where("id", "=", file.id).executeTakeFirstOrThrow();
}

export function findFile(deps: Deps, fileId: string): Promise<FileRecord | undefined> {
  return deps.db.selectFrom("project_files").select(recordColumns).where("id", "=", fileId).executeTakeFirst();
}

export async function fileBytes(deps: Deps, fileId: string): Promise<Buffer | undefined> {
  const row = await deps.db.selectFrom("project_files").select("bytes").where("id", "=", fileId).executeTakeFirst();
  return row?.bytes;
}

/** A project's files, newest first (those whose name holds `search`, if given): one page and how many. */
export async function listFiles(
  deps: Deps,
  projectId: string,
  options: { page: { number: number; size: number }; search?: string | undefined },
) {
  let query = deps.db.selectFrom("project_files").where("project_id", "=", projectId);
  const search = options.search?.trim();
  if (search) query = query.where("name", "ilike", `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  const { page } = options;
  const [rows, counted] = await Promise.all([
    query
      .select(recordColumns)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(page.size)
      .offset((page.number - 1) * page.size)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as("count")).executeTakeFirst(),
  ]);
  return { rows, total: Number(counted?.count ?? 0) };
}

export async function removeFile(deps: Deps, fileId: string): Promise<void> {
  await deps.db.deleteFrom("project_files").where("id", "=", fileId).execute();
}

export function fileResource(file: FileRecord): ResourceObject {
  return {
    type: "file",
    id: file.id,
    attributes: {
      name: file.name,
      content_type: file.content_type,
      size: file.size,
      project_id: file.project_id,
      workspace_id: file.workspace_id,
      uploaded_by: file.uploaded_by,
      created_at: file.created_at.toISOString(),
    },
  };
}
