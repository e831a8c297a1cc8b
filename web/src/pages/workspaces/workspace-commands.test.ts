import { describe, expect, it } from "vitest";
import { createWorkspace, removeOrLeaveWorkspace, updateWorkspace } from "./workspace-commands.ts";

const userId = "6f1c2a4e-8a1b-4c55-9d0e-3f2b1a0c9d11";
const workspaceId = "0b7f5d7e-2f8c-4c1a-a7a4-5c5b9c1e2d33";
const now = new Date("2026-11-22T09:00:00.000Z");

describe("createWorkspace", () => {
  const user = { id: userId, first_name: "Ada", last_name: "Quinn", email: "ada@example.com" };
  const command = createWorkspace({ id: workspaceId, name: "Sales hiring", user, now });

  it("posts the name under the id chosen in the browser", () => {
    expect(command).toMatchObject({
      method: "POST",
      path: "/workspaces",
      body: { data: { type: "workspaces", id: workspaceId, attributes: { name: "Sales hiring" } } },
    });
  });

  it("shows the workspace at once, owned by its creator, with the server's defaults", () => {
    expect(command.optimistic).toEqual([
      {
        table: "workspaces",
        id: workspaceId,
        next: {
          id: workspaceId,
          name: "Sales hiring",
          description: "New Workspace",
          visible: true,
          user_id: userId,
          created_at: now.toISOString(),
          updated_at: now.toISOString(),
        },
      },
      {
        table: "workspace_members",
        id: `${workspaceId}:${userId}`,
        next: {
          id: `${workspaceId}:${userId}`,
          workspace_id: workspaceId,
          user_id: userId,
          role: "owner",
          first_name: "Ada",
          last_name: "Quinn",
          email: "ada@example.com",
          created_at: now.toISOString(),
        },
      },
    ]);
  });
});

describe("updateWorkspace", () => {
  const workspace = {
    id: workspaceId,
    name: "Old",
    description: "About",
    visible: true,
    user_id: userId,
    created_at: "2026-01-01T00:00:00.000Z",
    updated_at: "2026-01-01T00:00:00.000Z",
  };

  it("stores the workspace's own fields only, not what a screen adds to it", () => {
    const shown = { ...workspace, role: "owner", owned: true, projects_count: 3, pending: false };
    const command = updateWorkspace(shown, { name: "New" }, now);
    expect(command.optimistic).toEqual([
      { table: "workspaces", id: workspaceId, next: { ...workspace, name: "New", updated_at: now.toISOString() } },
    ]);
  });

  it("sends only what changed and keeps the rest of the row", () => {
    const command = updateWorkspace(workspace, { visible: false }, now);
    expect(command.body).toEqual({ data: { type: "workspaces", id: workspaceId, attributes: { visible: false } } });
    expect(command.optimistic).toEqual([
      { table: "workspaces", id: workspaceId, next: { ...workspace, visible: false, updated_at: now.toISOString() } },
    ]);
  });

  it("renames", () => {
    const command = updateWorkspace(workspace, { name: "New" }, now);
    expect(command).toMatchObject({ method: "PUT", path: `/workspaces/${workspaceId}` });
    expect(command.body).toEqual({ data: { type: "workspaces", id: workspaceId, attributes: { name: "New" } } });
  });
});

describe("removeOrLeaveWorkspace", () => {
  it("deletes without a body and hides the workspace and the membership", () => {
    expect(removeOrLeaveWorkspace(workspaceId, userId)).toEqual({
      method: "DELETE",
      path: `/workspaces/${workspaceId}`,
      optimistic: [
        { table: "workspaces", id: workspaceId, next: null },
        { table: "workspace_members", id: `${workspaceId}:${userId}`, next: null },
      ],
    });
  });
});
