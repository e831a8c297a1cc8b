// The workspace writes of the browser, as outbox commands: what is sent and what shows at once.
import type { UserRow } from "@hirestream/contracts/accounts/rows.ts";
import { messages } from "@hirestream/contracts/messages.ts";
import type { WorkspaceMemberRow, WorkspaceRow } from "@hirestream/contracts/workspaces/rows.ts";
import type { Command } from "../../replica/outbox.ts";

const memberId = (workspaceId: string, userId: string) => `${workspaceId}:${userId}`;

/**
 * A new workspace under an id chosen here, so that it can be opened, renamed or removed before
 * the server has seen it. The creator is its owner.
 */
export function createWorkspace(input: {
  id: string;
  name: string;
  user: Pick<UserRow, "id" | "first_name" | "last_name" | "email">;
  now: Date;
}): Command {
  const at = input.now.toISOString();
  const workspace: WorkspaceRow = {
    id: input.id,
    name: input.name,
    description: messages.newWorkspaceDescription,
    visible: true,
    user_id: input.user.id,
    created_at: at,
    updated_at: at,
  };
  const owner: WorkspaceMemberRow = {
    id: memberId(input.id, input.user.id),
    workspace_id: input.id,
    user_id: input.user.id,
    role: "owner",
    first_name: input.user.first_name,
    last_name: input.user.last_name,
    email: input.user.email,
    created_at: at,
  };
  return {
    method: "POST",
    path: "/workspaces",
    body: { data: { type: "workspaces", id: input.id, attributes: { name: input.name } } },
    optimistic: [
      { table: "workspaces", id: workspace.id, next: workspace },
      { table: "workspace_members", id: owner.id, next: owner },
    ],
  };
}

/** Rename and the Visible switch: the attributes given change, the others stay. */
export function updateWorkspace(
  workspace: WorkspaceRow,
  change: { name?: string; visible?: boolean },
  now: Date,
): Command {
  const attributes = {
    ...(change.name !== undefined ? { name: change.name } : {}),
    ...(change.visible !== undefined ? { visible: change.visible } : {}),
  };
  // The row's own fields only: a screen's workspace carries more (the user's role, a count).
  const { id, name, description, visible, user_id, created_at } = workspace;
  const row: WorkspaceRow = { id, name, description, visible, user_id, created_at, updated_at: now.toISOString() };
  return {
    method: "PUT",
    path: `/workspaces/${workspace.id}`,
    body: { data: { type: "workspaces", id: workspace.id, attributes } },
    optimistic: [{ table: "workspaces", id: workspace.id, next: { ...row, ...attributes } }],
  };
}

/**
 * Remove (the owner) and Leave (a guest) are the same call (API.md: DELETE by a non-owner leaves).
 * Either way the workspace and the user's membership disappear from this user's screens.
 */
export function removeOrLeaveWorkspace(workspaceId: string, userId: string): Command {
  return {
    method: "DELETE",
    path: `/workspaces/${workspaceId}`,
    optimistic: [
      { table: "workspaces", id: workspaceId, next: null },
      { table: "workspace_members", id: memberId(workspaceId, userId), next: null },
    ],
  };
}
