import { userScope, workspaceScope } from "@hirestream/contracts/sync/scopes.ts";
import { type WorkspaceMemberRow, workspaceMemberRow } from "@hirestream/contracts/workspaces/rows.ts";
import type { Projection } from "../projection.ts";
import { usersProjection } from "./users.projection.ts";

const memberId = (workspaceId: string, userId: string) => `${workspaceId}:${userId}`;

/** Who belongs to which workspace with what role: the source of every workspace scope. */
export const workspaceMembersProjection: Projection<WorkspaceMemberRow> = {
  table: "workspace_members",
  row: workspaceMemberRow,
  entity: "workspace_member",
  keys(event) {
    switch (event.type) {
      case "WorkspaceMemberAdded":
      case "WorkspaceMemberLeft":
      case "WorkspaceMemberRemoved":
        return [{ column: "id", value: memberId(event.data.workspaceId, event.data.userId) }];
      case "WorkspaceRemoved":
        return [{ column: "workspace_id", value: event.data.workspaceId }];
      case "UserProfileUpdated":
        return [{ column: "user_id", value: event.data.userId }];
      default:
        return [];
    }
  },
  related: (event) =>
    event.type === "WorkspaceMemberAdded" ? [{ projection: usersProjection, id: event.data.userId }] : [],
  apply(rows, event, { occurredAt, related }) {
    switch (event.type) {
      case "WorkspaceMemberAdded": {
        const { workspaceId, userId, role } = event.data;
        const user = related(usersProjection, userId);
        rows.put({
          id: memberId(workspaceId, userId),
          workspace_id: workspaceId,
          user_id: userId,
          role,
          first_name: user?.first_name ?? "",
          last_name: user?.last_name ?? "",
          email: user?.email ?? "",
          created_at: occurredAt,
        });
        return;
      }
      case "UserProfileUpdated": {
        const { userId, firstName, lastName } = event.data;
        for (const member of rows.where("user_id", userId))
          rows.put({ ...member, first_name: firstName, last_name: lastName });
        return;
      }
      case "WorkspaceMemberLeft":
      case "WorkspaceMemberRemoved":
        rows.delete(memberId(event.data.workspaceId, event.data.userId));
        return;
      case "WorkspaceRemoved":
        for (const member of rows.where("workspace_id", event.data.workspaceId)) rows.delete(member.id);
        return;
      default:
        return;
    }
  },
  scopes: (member) => [workspaceScope(member.workspace_id), userScope(member.user_id)],
  // Joining, leaving and a new role change which projects the member reaches; a new name does not.
  changesAccess: (before, after) => before?.role !== after?.role,
  toClient: (member) => member,
};
