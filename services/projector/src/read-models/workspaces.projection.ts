import { type WorkspaceRow, workspaceRow } from "@hirestream/contracts/workspaces/rows.ts";
import type { Projection } from "../projection.ts";

export const workspacesProjection: Projection<WorkspaceRow> = {
  table: "workspaces",
  row: workspaceRow,
  entity: "workspace",
  keys(event) {
    switch (event.type) {
      case "WorkspaceCreated":
      case "WorkspaceRenamed":
      case "WorkspaceDescriptionChanged":
      case "WorkspaceVisibilityChanged":
      case "WorkspaceRemoved":
      case "ProjectCreated":
      case "ProjectRemoved":
        return [{ column: "id", value: event.data.workspaceId }];
      default:
        return [];
    }
  },
  apply(rows, event, { occurredAt }) {
    if (event.type === "WorkspaceCreated") {
      const { workspaceId, name, description, visible, ownerId } = event.data;
      rows.put({
        id: workspaceId,
        name,
        description,
        visible,
        user_id: ownerId,
        projects_count: 0,
        created_at: occurredAt,
        updated_at: occurredAt,
      });
      return;
    }
    // Every project not removed, archived and hidden ones included; settings are unchanged, so is updated_at.
    if (event.type === "ProjectCreated" || event.type === "ProjectRemoved") {
      const workspace = rows.get(event.data.workspaceId);
      const step = event.type === "ProjectCreated" ? 1 : -1;
      if (workspace) rows.put({ ...workspace, projects_count: Math.max(0, workspace.projects_count + step) });
      return;
    }
    if (event.type === "WorkspaceRemoved") {
      rows.delete(event.data.workspaceId);
      return;
    }
    const change =
      event.type === "WorkspaceRenamed"
        ? { id: event.data.workspaceId, name: event.data.name }
        : event.type === "WorkspaceDescriptionChanged"
          ? { id: event.data.workspaceId, description: event.data.description }
          : event.type === "WorkspaceVisibilityChanged"
            ? { id: event.data.workspaceId, visible: event.data.visible }
            : null;
    if (!change) return;
    const workspace = rows.get(change.id);
    if (workspace) rows.put({ ...workspace, ...change, updated_at: occurredAt });
  },
  scopes: (workspace) => [`ws:${workspace.id}`],
  toClient: (workspace) => workspace,
};
