// The pipeline writes of the browser, as outbox commands: what is sent and what shows at once.
import { candidacyIdOf } from "@hirestream/contracts/candidacies/candidacy-id.ts";
import { ASSIGN_PEOPLE_MAX } from "@hirestream/contracts/candidacies/commands.ts";
import type { CandidacyResponse } from "@hirestream/contracts/candidacies/events.ts";
import type { CandidacyRow } from "@hirestream/contracts/candidacies/rows.ts";
import type { StageRow } from "@hirestream/contracts/workflows/rows.ts";
import type { Command, RowChange } from "../../replica/outbox.ts";

/** A row as a screen holds it: maybe with the replica's bookkeeping, which is not the server's to see. */
export type ShownCandidacy = CandidacyRow & { scopes?: string[]; _pending?: number };

type StageRef = Pick<StageRow, "id" | "name">;

function plain(row: ShownCandidacy): CandidacyRow {
  const { scopes: _scopes, _pending, ...candidacy } = row;
  return candidacy;
}

const candidacyPath = (row: CandidacyRow) => `/projects/${row.project_id}/project_people/${row.id}`;

/**
 * The stage dropdown: the candidate enters `stage` now, and the status follows its name. Null when
 * the candidate is already there. A refusal only puts the candidate back (spec §8: no toast).
 */
export function moveCandidacy(row: ShownCandidacy, stage: StageRef, now: Date): Command | null {
  if (row.stage_id === stage.id) return null;
  const at = now.toISOString();
  const next: CandidacyRow = {
    ...plain(row),
    stage_id: stage.id,
    status: stage.name,
    stage_entered_at: at,
    updated_at: at,
  };
  return {
    method: "PUT",
    path: `${candidacyPath(row)}/move`,
    body: { stage_id: stage.id },
    optimistic: [{ table: "candidacies", id: row.id, next }],
    silentErrors: true,
  };
}

/** Interested, Not interested or Follow up; null when it is the answer already set. A refusal toasts (spec §8 spares only moves and edits). */
export function setCandidacyResponse(row: ShownCandidacy, response: CandidacyResponse, now: Date): Command | null {
  if (row.response === response) return null;
  const next: CandidacyRow = { ...plain(row), response, updated_at: now.toISOString() };
  return {
    method: "PUT",
    path: `${candidacyPath(row)}/person_response`,
    body: { response },
    optimistic: [{ table: "candidacies", id: row.id, next }],
  };
}

/** Out of the project; the person stays in the workspace and the talent pool. */
export function removeCandidacy(row: ShownCandidacy): Command {
  return {
    method: "DELETE",
    path: candidacyPath(row),
    optimistic: [{ table: "candidacies", id: row.id, next: null }],
  };
}

/** Where assigned people land: a project and the first stage of its workflow. */
export interface AssignTarget {
  workspaceId: string;
  projectId: string;
  firstStage: StageRef;
}

/**
 * The people of `personIds` not yet in the project (by the ids in `existing`), each once, as the
 * candidacies the server will make: same ids, in the first stage, with no response.
 */
export function newCandidacies(
  target: AssignTarget,
  personIds: readonly string[],
  existing: ReadonlySet<string>,
  now: Date,
): CandidacyRow[] {
  const at = now.toISOString();
  const rows = new Map<string, CandidacyRow>();
  for (const personId of personIds) {
    const id = candidacyIdOf(target.projectId, personId);
    if (existing.has(id) || rows.has(id)) continue;
    rows.set(id, {
      id,
      project_id: target.projectId,
      workspace_id: target.workspaceId,
      person_id: personId,
      stage_id: target.firstStage.id,
      status: target.firstStage.name,
      response: null,
      stage_entered_at: at,
      created_at: at,
      updated_at: at,
    });
  }
  return [...rows.values()];
}

/** The server takes at most ASSIGN_PEOPLE_MAX people per call: more are sent in several. */
function inBatches<T>(items: readonly T[]): T[][] {
  const batches: T[][] = [];
  for (let start = 0; start < items.length; start += ASSIGN_PEOPLE_MAX)
    batches.push(items.slice(start, start + ASSIGN_PEOPLE_MAX));
  return batches;
}

const shown = (rows: readonly CandidacyRow[]): RowChange[] =>
  rows.map((row) => ({ table: "candidacies", id: row.id, next: row }));

/**
 * Assign (spec §4): the selected people join the project in its first stage. No command when all
 * of them are in it already, so there is nothing to send.
 */
export function assignPeople(
  target: AssignTarget,
  personIds: readonly string[],
  existing: ReadonlySet<string>,
  now: Date,
): Command[] {
  return inBatches(newCandidacies(target, personIds, existing, now)).map((rows) => ({
    method: "POST",
    path: `/workspaces/${target.workspaceId}/projects/${target.projectId}/assign_people`,
    body: { people_attributes: rows.map((row) => ({ person_id: row.person_id })) },
    optimistic: shown(rows),
  }));
}

/** Export People: copies the selected people into another project, maybe of another workspace. */
export function exportPeopleToProject(
  target: AssignTarget,
  personIds: readonly string[],
  existing: ReadonlySet<string>,
  now: Date,
): Command[] {
  return inBatches(newCandidacies(target, personIds, existing, now)).map((rows) => ({
    method: "POST",
    path: "/people/export_to_project",
    body: {
      workspace_id: target.workspaceId,
      project_id: target.projectId,
      people_ids: rows.map((row) => row.person_id),
    },
    optimistic: shown(rows),
  }));
}
