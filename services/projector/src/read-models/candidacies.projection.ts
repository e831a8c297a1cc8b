import { candidacyRow } from "@hirestream/contracts/candidacies/rows.ts";
import type { WorkflowStage } from "@hirestream/contracts/workflows/events.ts";
import type { z } from "zod";
import type { Projection, RowKey, RowSet } from "../projection.ts";
import { audienceScopes, keptToCreator, privateTo, withoutKeeper } from "./project-audience.ts";
import { projectsProjection } from "./projects.projection.ts";

/** A candidacy as stored: the row browsers get, and the one user it is kept to while its project is hidden. */
const candidacyRecord = keptToCreator(candidacyRow);
type CandidacyRecord = z.infer<typeof candidacyRecord>;

/**
 * The candidacies read model (the spec's project people), synced to the members of the project's
 * workspace, or to the project's creator alone while it is hidden. A candidacy's `status` is its
 * stage's name; stage ids are unique across workflows, so a rename in the project's workflow
 * reaches its candidates by stage id alone.
 */
export const candidaciesProjection: Projection<CandidacyRecord> = {
  table: "candidacies",
  row: candidacyRecord,
  entity: "candidacy",
  keys(event) {
    switch (event.type) {
      // Shown or hidden: the project's candidates go where it goes.
      case "ProjectUpdated":
        return event.data.changes.visible === undefined ? [] : [{ column: "project_id", value: event.data.projectId }];
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
  related(event) {
    if (
      event.type === "CandidacyAdded" ||
      (event.type === "ProjectUpdated" && event.data.changes.visible !== undefined)
    )
      return [{ projection: projectsProjection, id: event.data.projectId }];
    return [];
  },
  apply(rows, event, { occurredAt, related }) {
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
          private_to: privateTo(related(projectsProjection, projectId)),
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
      case "ProjectUpdated": {
        const project = related(projectsProjection, event.data.projectId);
        if (project) keepTo(rows, event.data.projectId, privateTo(project));
        return;
      }
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
  scopes: (candidacy) => audienceScopes(candidacy.workspace_id, candidacy.private_to),
  toClient: withoutKeeper,
};

/** Only the audience changes (nothing a recruiter sees), so `updated_at` stays. */
function keepTo(rows: RowSet<CandidacyRecord>, projectId: string, user: string | null): void {
  for (const candidacy of rows.where("project_id", projectId)) {
    if (candidacy.private_to !== user) rows.put({ ...candidacy, private_to: user });
  }
}

function stageKeys(stages: readonly WorkflowStage[]): RowKey[] {
  return stages.map((stage) => ({ column: "stage_id", value: stage.id }));
}

/** Only candidacies whose stage name changed are written, so an unrelated edit syncs nothing. */
function renameStages(rows: RowSet<CandidacyRecord>, stages: readonly WorkflowStage[], occurredAt: string): void {
  for (const stage of stages) {
    for (const candidacy of rows.where("stage_id", stage.id)) {
      if (candidacy.status !== stage.name) rows.put({ ...candidacy, status: stage.name, updated_at: occurredAt });
    }
  }
}

function deleteWhere(rows: RowSet<CandidacyRecord>, column: "project_id" | "workspace_id", value: string): void {
  for (const candidacy of rows.where(column, value)) rows.delete(candidacy.id);
}
