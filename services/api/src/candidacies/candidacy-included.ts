// The stage and workspace each listed candidate points at (API.md: a project_person's relationships
// stage, person and workspace), for `included`: one query per kind for the whole page.
import { sql } from "kysely";
import type { Deps } from "../deps.ts";
import type { ResourceObject } from "../http/jsonapi.ts";
import type { CandidacyListRow } from "./candidacy-queries.ts";

const unique = (values: string[]) => [...new Set(values)];

/** The page's stages as their projects' workflow copies have them now, by id. */
async function stagesOf(deps: Deps, rows: readonly CandidacyListRow[]) {
  const { rows: stages } = await sql<{ id: string; name: string; position: number }>`
    select s.id::text as id, s.name, s.position
    from read.projects p
    join read.workflows w on w.id = p.workflow_id
    cross join lateral jsonb_to_recordset(w.stages) as s(id uuid, name text, position int)
    where p.id = any(${unique(rows.map((row) => row.project_id))}::uuid[])
      and s.id = any(${unique(rows.map((row) => row.stage_id))}::uuid[])`.execute(deps.db);
  return new Map(stages.map((stage) => [stage.id, stage]));
}

async function workspacesOf(deps: Deps, rows: readonly CandidacyListRow[]) {
  const workspaces = await deps.db
    .selectFrom("read.workspaces")
    .select(["id", "name"])
    .where("id", "in", unique(rows.map((row) => row.workspace_id)))
    .execute();
  return new Map(workspaces.map((workspace) => [workspace.id, workspace]));
}

/** Each stage, then each workspace, once, in the order the rows first name them. */
export async function includedStagesAndWorkspaces(
  deps: Deps,
  rows: readonly CandidacyListRow[],
): Promise<ResourceObject[]> {
  if (rows.length === 0) return [];
  const [stages, workspaces] = await Promise.all([stagesOf(deps, rows), workspacesOf(deps, rows)]);
  const included = new Map<string, ResourceObject>();
  for (const row of rows) {
    if (included.has(`stage/${row.stage_id}`)) continue;
    // A stage since taken out of the workflow keeps the name the candidate's status recorded.
    const stage = stages.get(row.stage_id) ?? { name: row.status, position: null };
    included.set(`stage/${row.stage_id}`, {
      id: row.stage_id,
      type: "stage",
      attributes: { name: stage.name, position: stage.position },
    });
  }
  for (const row of rows) {
    const workspace = workspaces.get(row.workspace_id);
    if (!workspace || included.has(`workspace/${row.workspace_id}`)) continue;
    included.set(`workspace/${row.workspace_id}`, {
      id: row.workspace_id,
      type: "workspace",
      attributes: { name: workspace.name },
    });
  }
  return [...included.values()];
}
