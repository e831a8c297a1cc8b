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
        created_at: occurredAt,
        updated_at: occurredAt,
      });
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
