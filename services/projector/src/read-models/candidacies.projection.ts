import { type CandidacyRow, candidacyRow } from "@hirestream/contracts/candidacies/rows.ts";
import { projectScope } from "@hirestream/contracts/sync/scopes.ts";
import type { WorkflowStage } from "@hirestream/contracts/workflows/events.ts";
import type { Projection, RowKey, RowSet } from "../projection.ts";

/**
 * The candidacies read model (the spec's project people), synced in their project's scope. A
 * candidacy's `status` is its stage's name; stage ids are unique across workflows, so a rename in
 * the project's workflow reaches its candidates by stage id alone.
 */
export const candidaciesProjection: Projection<CandidacyRow> = {
  table: "candidacies",
  row: candidacyRow,
  entity: "candidacy",
  keys(event) {
    switch (event.type) {
      case "CandidacyAdded":
      case "CandidacyMoved":
      case "CandidacyResponseSet":
      case "CandidacyRemoved":
        return [{ column: "id", value: event.data.candidacyId }];
      case "WorkflowStagesChanged":
        return stageKeys(event.data.stages);
      // A project's copy of a template: its stage ids are named ahead, so candidates may sit in them already.
      case "WorkflowCreated":
        return event.data.projectId ? stageKeys(event.data.stages) : [];
      case "ProjectRemoved":
        return [{ column: "project_id", value: event.data.projectId }];
      case "WorkspaceRemoved":
        return [{ column: "workspace_id", value: event.data.workspaceId }];
      default:
        return [];
    }
  },
  apply(rows, event, { occurredAt }) {
    switch (event.type) {
      case "CandidacyAdded": {
        const { candidacyId, projectId, workspaceId, personId, stageId, stageName, at } = event.data;
        rows.put({
          id: candidacyId,
          project_id: projectId,
          workspace_id: workspaceId,
          person_id: personId,
          stage_id: stageId,
          status: stageName,
          response: null,
          stage_entered_at: at,
          created_at: occurredAt,
          updated_at: occurredAt,
        });
        return;
      }
      case "CandidacyMoved": {
        const candidacy = rows.get(event.data.candidacyId);
        const { toStageId, toStageName, at } = event.data;
        if (candidacy) {
          rows.put({
            ...candidacy,
            stage_id: toStageId,
            status: toStageName,
            stage_entered_at: at,
            updated_at: occurredAt,
          });
        }
        return;
      }
      case "CandidacyResponseSet": {
        const candidacy = rows.get(event.data.candidacyId);
        if (candidacy) rows.put({ ...candidacy, response: event.data.response, updated_at: occurredAt });
        return;
      }
      case "CandidacyRemoved":
        rows.delete(event.data.candidacyId);
        return;
      case "WorkflowStagesChanged":
        renameStages(rows, event.data.stages, occurredAt);
        return;
      case "WorkflowCreated":
        if (event.data.projectId) renameStages(rows, event.data.stages, occurredAt);
        return;
      // The project's candidacies go with it; the people stay in the workspace and the pool.
      case "ProjectRemoved":
        deleteWhere(rows, "project_id", event.data.projectId);
        return;
      case "WorkspaceRemoved":
        deleteWhere(rows, "workspace_id", event.data.workspaceId);
        return;
      default:
        return;
    }
  },
  scopes: (candidacy) => [projectScope(candidacy.project_id)],
  toClient: (candidacy) => candidacy,
};

function stageKeys(stages: readonly WorkflowStage[]): RowKey[] {
  return stages.map((stage) => ({ column: "stage_id", value: stage.id }));
}

/** Only candidacies whose stage name changed are written, so an unrelated edit syncs nothing. */
function renameStages(rows: RowSet<CandidacyRow>, stages: readonly WorkflowStage[], occurredAt: string): void {
  for (const stage of stages) {
    for (const candidacy of rows.where("stage_id", stage.id)) {
      if (candidacy.status !== stage.name) rows.put({ ...candidacy, status: stage.name, updated_at: occurredAt });
    }
  }
}

function deleteWhere(rows: RowSet<CandidacyRow>, column: "project_id" | "workspace_id", value: string): void {
  for (const candidacy of rows.where(column, value)) rows.delete(candidacy.id);
}
