import type { WorkflowStage } from "@hirestream/contracts/workflows/events.ts";
import { type StageRow, workflowRow } from "@hirestream/contracts/workflows/rows.ts";
import type { z } from "zod";
import type { Projection } from "../projection.ts";
import { audienceScopes, keptToCreator, privateTo, withoutKeeper } from "./project-audience.ts";
import { projectsProjection } from "./projects.projection.ts";

/** A workflow as stored: the row browsers get, and the one user a hidden project's copy is kept to. */
const workflowRecord = keptToCreator(workflowRow);
type WorkflowRecord = z.infer<typeof workflowRecord>;

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
 * The workflows read model, templates and projects' copies: every member of the workspace sees
 * them, except a hidden project's copy, which goes where its project goes.
 */
export const workflowsProjection: Projection<WorkflowRecord> = {
  table: "workflows",
  row: workflowRecord,
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
      case "ProjectUpdated":
        return event.data.changes.visible === undefined ? [] : [{ column: "project_id", value: event.data.projectId }];
      default:
        return [];
    }
  },
  related(event) {
    const projectId =
      event.type === "WorkflowCreated"
        ? event.data.projectId
        : event.type === "ProjectUpdated" && event.data.changes.visible !== undefined
          ? event.data.projectId
          : undefined;
    return projectId ? [{ projection: projectsProjection, id: projectId }] : [];
  },
  apply(rows, event, { occurredAt, related }) {
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
          private_to: projectId === null ? null : privateTo(related(projectsProjection, projectId)),
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
      // Shown or hidden: the copy goes where its project goes (only its audience changes, not `updated_at`).
      case "ProjectUpdated": {
        const project = related(projectsProjection, event.data.projectId);
        const user = privateTo(project);
        for (const workflow of rows.where("project_id", event.data.projectId)) {
          if (project && workflow.private_to !== user) rows.put({ ...workflow, private_to: user });
        }
        return;
      }
      default:
        return;
    }
  },
  scopes: (workflow) => audienceScopes(workflow.workspace_id, workflow.private_to),
  toClient: withoutKeeper,
};
