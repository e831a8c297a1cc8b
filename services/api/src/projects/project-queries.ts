import type { ProjectStats } from "@hirestream/contracts/analytics/project-stats.ts";
import type { ProjectListQuery } from "@hirestream/contracts/projects/commands.ts";
import type { ProjectStatus } from "@hirestream/contracts/projects/events.ts";
import type { ExistingProject } from "@hirestream/domain/project/project.decider.ts";
import { sql } from "kysely";
import { statsOfProjects } from "../analytics/project-stats-query.ts";
import type { Database } from "../database.ts";
import type { Deps } from "../deps.ts";
import type { ResourceObject } from "../http/jsonapi.ts";
import { readableProjectIds } from "./readable-projects.ts";

type ProjectRecord = Database["read.projects"];

/**
 * The projects the user may read (readable-projects.ts), of one workspace or, for `me`, of all.
 * Dates come out as `YYYY-MM-DD`, never as a local midnight.
 */
export function visibleProjects(deps: Deps, userId: string, workspaceId: string | "me") {
  let query = deps.db
    .selectFrom("read.projects as p")
    .select([
      "p.id",
      "p.workspace_id",
      "p.name",
      "p.description",
      "p.priority",
      "p.status",
      sql<string | null>`p.start_date::text`.as("start_date"),
      sql<string | null>`p.deadline::text`.as("deadline"),
      "p.visible",
      "p.workflow_id",
      "p.user_id",
      "p.created_at",
      "p.updated_at",
    ])
    .where("p.id", "in", readableProjectIds(deps.db, userId));
  if (workspaceId !== "me") query = query.where("p.workspace_id", "=", workspaceId);
  return query;
}

export async function listProjects(deps: Deps, userId: string, workspaceId: string | "me", list: ProjectListQuery) {
  let query = visibleProjects(deps, userId, workspaceId);
  const statuses: ProjectStatus[] = [...(list["by_status[]"] ?? []), ...(list.by_status ?? [])];
  if (statuses.length > 0) query = query.where("p.status", "in", statuses);
  const search = list.search_by?.trim();
  if (search) {
    const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) => eb.or([eb("p.name", "ilike", pattern), eb("p.description", "ilike", pattern)]));
  }
  const rows = await query
    .select(sql<string>`count(*) over ()`.as("total"))
    .orderBy("p.created_at", "desc")
    .orderBy("p.id")
    .limit(list.limit)
    .offset((list.page - 1) * list.limit)
    .execute();
  if (rows[0]) {
    // One grouped query for the page's stats, not one per project.
    const statsOf = await statsOfProjects(
      deps,
      rows.map((row) => row.id),
    );
    return { rows: rows.map((row) => ({ ...row, stats: statsOf(row.id) })), total: Number(rows[0].total) };
  }
  // A page past the end carries no total: count on its own.
  const counted = await query.clearSelect().select(sql<string>`count(*)`.as("count")).executeTakeFirst();
  return { rows: [], total: Number(counted?.count ?? 0) };
}

/** The project, when the user may read it; `me` finds it in whichever of their workspaces it is. */
export async function findProject(
  deps: Deps,
  userId: string,
  workspaceId: string | "me",
  projectId: string,
): Promise<(ProjectRecord & { stats: ProjectStats }) | undefined> {
  const project = await visibleProjects(deps, userId, workspaceId).where("p.id", "=", projectId).executeTakeFirst();
  if (!project) return undefined;
  const statsOf = await statsOfProjects(deps, [project.id]);
  return { ...project, stats: statsOf(project.id) };
}

/** A project as a write leaves it: its counts come with the read models. */
const emptyStats = {
  sourced: 0,
  contacted: 0,
  replies: 0,
  interested: 0,
  not_interested: 0,
  follow_up: 0,
  open_rate: 0,
};

export function projectResource(project: ProjectRecord & { stats?: ProjectStats }): ResourceObject {
  return {
    id: project.id,
    type: "project",
    attributes: {
      name: project.name,
      description: project.description,
      priority: project.priority,
      status: project.status,
      start_date: project.start_date,
      deadline: project.deadline,
      visible: project.visible,
      workflow_id: project.workflow_id,
      workspace_id: project.workspace_id,
      user_id: project.user_id,
      created_at: project.created_at.toISOString(),
      updated_at: project.updated_at.toISOString(),
    },
    // Project members arrive with invitations; until then the list is empty.
    relationships: { project_users: { data: [] } },
    meta: { stats: project.stats ?? emptyStats },
  };
}

/** A project as a write leaves it, before read models catch up (no timestamps yet). */
export function writtenProject(project: ExistingProject): ResourceObject {
  return {
    id: project.projectId,
    type: "project",
    attributes: {
      name: project.name,
      description: project.description,
      priority: project.priority,
      status: project.status,
      start_date: project.startDate,
      deadline: project.deadline,
      visible: project.visible,
      workflow_id: project.workflowId,
      workspace_id: project.workspaceId,
      user_id: project.userId,
    },
    relationships: { project_users: { data: [] } },
    meta: { stats: emptyStats },
  };
}
