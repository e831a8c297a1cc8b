import type { UserRow } from "@hirestream/contracts/accounts/rows.ts";
import type { ProjectRow } from "@hirestream/contracts/projects/rows.ts";
import type { WorkspaceMemberRow, WorkspaceRow } from "@hirestream/contracts/workspaces/rows.ts";

export const alice = "a11ce000-0000-4000-8000-000000000001";
export const bob = "b0b00000-0000-4000-8000-000000000002";
export const ws1 = "00000000-0000-4000-8000-0000000000a1";
export const ws2 = "00000000-0000-4000-8000-0000000000a2";
export const ws3 = "00000000-0000-4000-8000-0000000000a3";

const at = "2026-11-22T12:00:00.000Z";

export function workspace(id: string, changes: Partial<WorkspaceRow> = {}): WorkspaceRow {
  return {
    id,
    name: `Workspace ${id.slice(-2)}`,
    description: "",
    visible: true,
    user_id: alice,
    created_at: at,
    updated_at: at,
    ...changes,
  };
}

/** A visible, active project Alice made in `workspaceId`, without a workflow. */
export function project(id: string, workspaceId: string, changes: Partial<ProjectRow> = {}): ProjectRow {
  return {
    id,
    workspace_id: workspaceId,
    name: `Project ${id.slice(-2)}`,
    description: null,
    priority: "Medium",
    status: "Active",
    start_date: null,
    deadline: null,
    visible: true,
    workflow_id: null,
    user_id: alice,
    created_at: at,
    updated_at: at,
    ...changes,
  };
}

export function member(workspaceId: string, userId: string): WorkspaceMemberRow {
  return {
    id: `${workspaceId}:${userId}`,
    workspace_id: workspaceId,
    user_id: userId,
    role: "owner",
    first_name: "Ada",
    last_name: "Lovelace",
    email: `${userId.slice(0, 4)}@example.com`,
    created_at: at,
  };
}

export function user(id: string): UserRow {
  return {
    id,
    email: `${id.slice(0, 4)}@example.com`,
    first_name: "Ada",
    last_name: "Lovelace",
    picture: null,
    color: "blue",
    updated_at: at,
  };
}
