// Files kept with a project (spec §7, File upload): upload, list, download, remove. Bytes, not
// events: they live in a table the API owns, and only members who can read the project reach them.
import multipart from "@fastify/multipart";
import { DomainError } from "@hirestream/contracts/errors.ts";
import { FILE_NAME_MAX, fileFields, fileMessages, fileUpload } from "@hirestream/contracts/files/files.ts";
import { listQuery } from "@hirestream/contracts/lists.ts";
import { messages } from "@hirestream/contracts/messages.ts";
import { scopedId } from "@hirestream/eventstore/event-id.ts";
import type { FastifyInstance } from "fastify";
import { requireSession } from "../auth/authenticate.ts";
import type { Deps } from "../deps.ts";
import { fieldError } from "../http/field-error.ts";
import { commandIdOf } from "../http/idempotency.ts";
import { listDocument } from "../http/jsonapi.ts";
import { parseParams } from "../http/parse.ts";
import { pathId, uuidOr } from "../http/path-id.ts";
import { attachmentDisposition } from "./content-disposition.ts";
import { fileBytes, fileResource, findFile, listFiles, removeFile, storeFile } from "./file-store.ts";
import { accessProjectFiles } from "./project-for-files.ts";
import { fileUploadLimits, readFileUpload } from "./read-file-upload.ts";

const projectNotFound = "Project not found";
const fileNotFound = "File not found";

/** The file's name as it will be stored and served back; refused when it cannot be either. */
function storedName(filename: string): string {
  if (filename === "") throw fieldError("VALIDATION", messages.required, fileFields.file);
  if ([...filename].length > FILE_NAME_MAX) throw fieldError("VALIDATION", fileMessages.nameTooLong, fileFields.file);
  return filename;
}

export async function fileRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  // Multipart is understood by the upload alone; every other body stays JSON.
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: fileUploadLimits });

    scope.post("/files", { preValidation: readFileUpload }, async (request, reply) => {
      const session = requireSession(request);
      const upload = parseParams(fileUpload, request.body);
      const projectId = uuidOr(upload[fileFields.projectId], () => new DomainError("NOT_FOUND", projectNotFound));
      const workspaceId = uuidOr(upload[fileFields.workspaceId], () => new DomainError("NOT_FOUND", projectNotFound));
      await accessProjectFiles(deps, session.userId, projectId, {
        action: "upload",
        workspaceId,
        notFound: projectNotFound,
      });
      const file = upload[fileFields.file];
      if (file.bytes.length === 0) throw fieldError("VALIDATION", fileMessages.empty, fileFields.file);
      // Derived from the command id, so a retry racing its first attempt still stores one file.
      const id = scopedId(commandIdOf(request), "file");
      const stored = await storeFile(deps, {
        id,
        project_id: projectId,
        workspace_id: workspaceId,
        name: storedName(file.filename),
        content_type: file.content_type,
        size: file.bytes.length,
        bytes: Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength),
        uploaded_by: session.userId,
        created_at: deps.clock(),
      });
      reply.status(201).header("location", `/api/v1/files/${stored.id}`);
      // Nothing was appended to the event log, so there is no position to wait for.
      return { data: fileResource(stored), meta: { position: 0 } };
    });
  });

  app.get("/projects/:id/files", async (request) => {
    const session = requireSession(request);
    const projectId = pathId(request.params, "id", projectNotFound);
    const query = parseParams(listQuery, request.query);
    await accessProjectFiles(deps, session.userId, projectId, { action: "read", notFound: projectNotFound });
    const page = { number: query.page, size: query.limit };
    const { rows, total } = await listFiles(deps, projectId, { page, search: query.search_by });
    return listDocument(rows.map(fileResource), {
      total,
      page,
      path: `/api/v1/projects/${projectId}/files`,
      query: { search_by: query.search_by },
    });
  });

  app.get("/files/:id", async (request, reply) => {
    const session = requireSession(request);
    const fileId = pathId(request.params, "id", fileNotFound);
    const file = await findFile(deps, fileId);
    if (!file) throw new DomainError("NOT_FOUND", fileNotFound);
    await accessProjectFiles(deps, session.userId, file.project_id, { action: "read", notFound: fileNotFound });
    const bytes = await fileBytes(deps, fileId);
    if (!bytes) throw new DomainError("NOT_FOUND", fileNotFound);
    // Never shown in our origin: saved as an attachment, its type taken as sent and not guessed,
    // and sandboxed with no sources should a browser render it anyway.
    return reply
      .header("content-type", file.content_type)
      .header("content-disposition", attachmentDisposition(file.name))
      .header("x-content-type-options", "nosniff")
      .header("content-security-policy", "default-src 'none'; sandbox")
      .send(bytes);
  });

  app.delete("/files/:id", async (request) => {
    const session = requireSession(request);
    const fileId = pathId(request.params, "id", fileNotFound);
    const file = await findFile(deps, fileId);
    if (!file) throw new DomainError("NOT_FOUND", fileNotFound);
    await accessProjectFiles(deps, session.userId, file.project_id, { action: "remove", notFound: fileNotFound });
    await removeFile(deps, fileId);
    return { meta: { position: 0, result: "removed" } };
  });
}
