import type { ListQuery } from "@hirestream/contracts/lists.ts";
import { sql } from "kysely";
import type { Database } from "../database.ts";
import type { Deps } from "../deps.ts";
import type { ResourceObject } from "../http/jsonapi.ts";
import { readableProjectIds } from "../projects/readable-projects.ts";

/** A scalar subquery's type allows null, though a count is never null. */
type WorkspaceRecord = Database["read.workspaces"] & { role: string; projects_count: number | null };

export function workspaceResource(workspace: WorkspaceRecord): ResourceObject {
  return {
    id: workspace.id,
    type: "workspace",
    attributes: {
      name: workspace.name,
      description: workspace.description,
      visible: workspace.visible,
      user_id: workspace.user_id,
      projects_count: workspace.projects_count ?? 0,
      created_at: workspace.created_at.toISOString(),
      updated_at: workspace.updated_at.toISOString(),
    },
    relationships: { projects: { data: [] } },
    meta: { role: workspace.role },
  };
}

/**
 * Only workspaces the user belongs to exist, as far as every query is concerned; each counts the
 * projects the user reaches in it, not those hidden from them or never shared with them.
 */
function mine(deps: Deps, userId: string) {
  return deps.db
    .selectFrom("read.workspaces as w")
    .innerJoin("read.workspace_members as m", (join) =>
      join.onRef("m.workspace_id", "=", "w.id").on("m.user_id", "=", userId),
    )
    .selectAll("w")
    .select("m.role")
    .select((eb) =>
      eb
        .selectFrom("read.projects as p")
        .whereRef("p.workspace_id", "=", "w.id")
        .where("p.id", "in", readableProjectIds(deps.db, userId))
        .select(sql<number>`count(*)::int`.as("n"))
        .as("projects_count"),
    );
}

export async function findWorkspace(
  deps: Deps,
  userId: string,
  workspaceId: string,
): Promise<WorkspaceRecord | undefined> {
  return mine(deps, userId).where("w.id", "=", workspaceId).executeTakeFirst();
}

export async function listWorkspaces(deps: Deps, userId: string, query: ListQuery) {
  let filtered = mine(deps, userId);
  if (query.search_by?.trim()) {
    const pattern = `%${query.search_by.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    filtered = filtered.where((eb) => eb.or([eb("w.name", "ilike", pattern), eb("w.description", "ilike", pattern)]));
  }
  const rows = await filtered
    .select(sql<number>`count(*) over ()`.as("total"))
    .orderBy("w.created_at")
    .orderBy("w.id")
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
    .execute();
  const total = rows[0] ? Number(rows[0].total) : await countMine(deps, userId, query);
  return { rows, total };
}

/** A page past the end has no rows to carry the total: count separately. */
async function countMine(deps: Deps, userId: string, query: ListQuery): Promise<number> {
  if (query.page === 1) return 0;
  const { total } = await listWorkspaces(deps, userId, { ...query, page: 1 });
  return total;
}
