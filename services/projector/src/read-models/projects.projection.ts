import { type ProjectRow, projectRow } from "@hirestream/contracts/projects/rows.ts";
import { projectScope } from "@hirestream/contracts/sync/scopes.ts";
import type { Projection } from "../projection.ts";

/**
 * The projects read model, synced in the project's own scope (sync/scopes.ts). Who may hold that
 * scope, hidden or not, is the sync server's to decide from the permission table, not the projector's.
 */
export const projectsProjection: Projection<ProjectRow> = {
  table: "projects",
  row: projectRow,
  entity: "project",
  keys(event) {
    switch (event.type) {
      case "ProjectCreated":
      case "ProjectUpdated":
      case "ProjectStatusChanged":
      case "ProjectArchived":
      case "ProjectRemoved":
      case "ProjectWorkflowAssigned":
      case "ProjectWorkflowUnassigned":
        return [{ column: "id", value: event.data.projectId }];
      case "WorkspaceRemoved":
        return [{ column: "workspace_id", value: event.data.workspaceId }];
      default:
        return [];
    }
  },
  apply(rows, event, { occurredAt }) {
    switch (event.type) {
      case "ProjectCreated": {
        const { projectId, workspaceId, userId, name, description, priority, status, startDate, deadline } = event.data;
        rows.put({
          id: projectId,
          workspace_id: workspaceId,
          name,
          description,
          priority,
          status,
          start_date: startDate,
          deadline,
          visible: event.data.visible,
          workflow_id: event.data.workflowId,
          user_id: userId,
          created_at: occurredAt,
          updated_at: occurredAt,
        });
        return;
      }
      case "ProjectUpdated": {
        const project = rows.get(event.data.projectId);
        if (!project) return;
        const { name, description, priority, startDate, deadline, visible, workflowId } = event.data.changes;
        rows.put({
          ...project,
          ...(name !== undefined ? { name } : {}),
          ...(description !== undefined ? { description } : {}),
          ...(priority !== undefined ? { priority } : {}),
          ...(startDate !== undefined ? { start_date: startDate } : {}),
          ...(deadline !== undefined ? { deadline } : {}),
          ...(visible !== undefined ? { visible } : {}),
          ...(workflowId !== undefined ? { workflow_id: workflowId } : {}),
          updated_at: occurredAt,
        });
        return;
      }
      case "ProjectStatusChanged":
      case "ProjectArchived": {
        const project = rows.get(event.data.projectId);
        const status = event.type === "ProjectArchived" ? "Archived" : event.data.status;
        if (project) rows.put({ ...project, status, updated_at: occurredAt });
        return;
      }
      case "ProjectRemoved":
        rows.delete(event.data.projectId);
        return;
      case "ProjectWorkflowAssigned": {
        const project = rows.get(event.data.projectId);
        if (project) rows.put({ ...project, workflow_id: event.data.workflowId, updated_at: occurredAt });
        return;
      }
      case "ProjectWorkflowUnassigned": {
        const project = rows.get(event.data.projectId);
        if (project?.workflow_id === event.data.workflowId)
          rows.put({ ...project, workflow_id: null, updated_at: occurredAt });
        return;
      }
      // A removed workspace takes its projects with it.
      case "WorkspaceRemoved":
        for (const project of rows.where("workspace_id", event.data.workspaceId)) rows.delete(project.id);
        return;
      default:
        return;
    }
  },
  scopes: (project) => [projectScope(project.id)],
  // Who reaches a project changes when it comes, goes, or is shown or hidden (spec §6).
  changesAccess: (before, after) => before?.visible !== after?.visible,
  toClient: (project) => project,
};
