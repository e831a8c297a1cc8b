import { projectScope, workspaceScope } from "@hirestream/contracts/sync/scopes.ts";
import type { WorkflowStage } from "@hirestream/contracts/workflows/events.ts";
import { type StageRow, type WorkflowRow, workflowRow } from "@hirestream/contracts/workflows/rows.ts";
import type { Projection } from "../projection.ts";

const stageRowOf = (stage: WorkflowStage): StageRow => ({
  id: stage.id,
  name: stage.name,
  position: stage.position,
  description: stage.description,
  sequence_id: stage.sequenceId,
  on_response_stage_id: stage.onResponseStageId,
  on_response_stage_position: stage.onResponseStagePosition,
});

/**
 * The workflows read model: templates, synced to the members of the workspace, and projects'
 * copies, synced in their project's scope with the rest of the project.
 */
export const workflowsProjection: Projection<WorkflowRow> = {
  table: "workflows",
  row: workflowRow,
  entity: "workflow",
  keys(event) {
    switch (event.type) {
      case "WorkflowCreated":
      case "WorkflowRenamed":
      case "WorkflowDescriptionChanged":
      case "WorkflowStagesChanged":
      case "WorkflowRemoved":
        return [{ column: "id", value: event.data.workflowId }];
      case "WorkspaceRemoved":
        return [{ column: "workspace_id", value: event.data.workspaceId }];
      case "ProjectRemoved":
        return [{ column: "project_id", value: event.data.projectId }];
      default:
        return [];
    }
  },
  apply(rows, event, { occurredAt }) {
    switch (event.type) {
      case "WorkflowCreated": {
        const { workflowId, workspaceId, userId, name, description, stages } = event.data;
        const projectId = event.data.projectId ?? null;
        rows.put({
          id: workflowId,
          workspace_id: workspaceId,
          name,
          description,
          assigned_to: projectId === null ? "template" : "project",
          project_id: projectId,
          template_id: projectId === null ? null : (event.data.templateId ?? null),
          stages: stages.map(stageRowOf),
          user_id: userId,
          created_at: occurredAt,
          updated_at: occurredAt,
        });
        return;
      }
      case "WorkflowRenamed": {
        const workflow = rows.get(event.data.workflowId);
        if (workflow) rows.put({ ...workflow, name: event.data.name, updated_at: occurredAt });
        return;
      }
      case "WorkflowDescriptionChanged": {
        const workflow = rows.get(event.data.workflowId);
        if (workflow) rows.put({ ...workflow, description: event.data.description, updated_at: occurredAt });
        return;
      }
      case "WorkflowStagesChanged": {
        const workflow = rows.get(event.data.workflowId);
        if (workflow) rows.put({ ...workflow, stages: event.data.stages.map(stageRowOf), updated_at: occurredAt });
        return;
      }
      case "WorkflowRemoved":
        rows.delete(event.data.workflowId);
        return;
      case "WorkspaceRemoved":
        for (const workflow of rows.where("workspace_id", event.data.workspaceId)) rows.delete(workflow.id);
        return;
      // A project's copy goes with its project (its stream stays, but nothing may edit it any more).
      case "ProjectRemoved":
        for (const workflow of rows.where("project_id", event.data.projectId)) rows.delete(workflow.id);
        return;
      default:
        return;
    }
  },
  scopes: (workflow) =>
    workflow.project_id === null ? [workspaceScope(workflow.workspace_id)] : [projectScope(workflow.project_id)],
  toClient: (workflow) => workflow,
};
