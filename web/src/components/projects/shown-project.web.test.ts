import type { ProjectRole } from "@hirestream/contracts/projects/events.ts";
import type { ProjectRow } from "@hirestream/contracts/projects/rows.ts";
import type { WorkspaceRole } from "@hirestream/contracts/workspaces/events.ts";
import { describe, expect, it } from "vitest";
import { alice, bob, member, project as projectRow, user, workspace, ws1, ws2 } from "../../replica/testing/rows.ts";
import { openTestDb } from "../../replica/testing/test-db.ts";
import { shownProject, shownProjectFor } from "./shown-project.ts";

const projectId = "00000000-0000-4000-8000-0000000000b1";

function project(changes: Partial<ProjectRow> = {}) {
  return {
    ...projectRow(projectId, ws1, { name: "Quiet search", ...changes }),
    scopes: [`ws:${ws1}`],
    _pending: 0,
  };
}

function projectMember(userId: string, role: ProjectRole, index: number) {
  return {
    id: `00000000-0000-4000-8000-0000000000c${index}`,
    project_id: projectId,
    workspace_id: ws1,
    user_id: userId,
    role,
    first_name: "",
    last_name: "",
    email: `${index}@example.com`,
    last_activity: null,
    created_at: "2026-11-01T08:00:00.000Z",
    updated_at: "2026-11-01T08:00:00.000Z",
    scopes: [`proj:${projectId}`],
    _pending: 0,
  };
}

/**
 * Alice's and Bob's workspace (Bob's role there as given), holding one project Alice created and
 * so owns; Bob is a member of it when `bobInProject` says so.
 */
async function replicaWith(
  changes: Partial<ProjectRow> = {},
  bobInWorkspace: WorkspaceRole = "manager",
  bobInProject?: ProjectRole,
) {
  const { db } = openTestDb();
  await db.workspaces.bulkPut([
    { ...workspace(ws1, { name: "Shared" }), scopes: [`ws:${ws1}`], _pending: 0 },
    { ...workspace(ws2), scopes: [`ws:${ws2}`], _pending: 0 },
  ]);
  await db.workspace_members.bulkPut(
    [member(ws1, alice), { ...member(ws1, bob), role: bobInWorkspace }].map((row) => ({
      ...row,
      scopes: [`ws:${ws1}`],
      _pending: 0,
    })),
  );
  await db.projects.put(project(changes));
  await db.project_users.bulkPut([
    projectMember(alice, "owner", 1),
    ...(bobInProject ? [projectMember(bob, bobInProject, 2)] : []),
  ]);
  return db;
}

describe("shownProject", () => {
  it("opens a visible project for a workspace manager who is not a member, with the workspace's name", async () => {
    const db = await replicaWith();
    expect(await shownProject(db, projectId, bob)).toMatchObject({
      project: { id: projectId },
      workspaceName: "Shared",
      role: "manager",
      projectRole: undefined,
    });
  });

  it("opens a hidden project for its members only, even when the replica still holds it", async () => {
    const db = await replicaWith({ visible: false });
    expect(await shownProject(db, projectId, alice)).toMatchObject({
      project: { id: projectId },
      role: "owner",
      projectRole: "owner",
    });
    expect(await shownProject(db, projectId, bob)).toBeNull();
    const withBob = await replicaWith({ visible: false }, "viewer", "collaborator");
    expect(await shownProject(withBob, projectId, bob)).toMatchObject({ role: "viewer", projectRole: "collaborator" });
  });

  it("opens nothing for a workspace collaborator who is not a member of the project", async () => {
    expect(await shownProject(await replicaWith({}, "collaborator"), projectId, bob)).toBeNull();
  });

  it("opens nothing of a workspace the user is not in, and nothing unknown", async () => {
    const db = await replicaWith({ workspace_id: ws2 });
    expect(await shownProject(db, projectId, alice)).toBeNull();
    expect(await shownProject(db, "00000000-0000-4000-8000-0000000000b2", alice)).toBeNull();
  });
});

describe("shownProjectFor", () => {
  it("finds the signed-in user by the email they signed in with, in any case", async () => {
    const db = await replicaWith();
    await db.users.bulkPut([user(alice), user(bob)].map((row) => ({ ...row, scopes: [`ws:${ws1}`], _pending: 0 })));
    expect(await shownProjectFor(db, projectId, user(bob).email.toUpperCase())).toMatchObject({
      project: { id: projectId },
      role: "manager",
    });
    expect(await shownProjectFor(db, projectId, user(alice).email)).toMatchObject({ projectRole: "owner" });
  });

  it("is still loading, not unavailable, while the replica lacks the user's own row", async () => {
    const db = await replicaWith();
    expect(await shownProjectFor(db, projectId, user(alice).email)).toBeUndefined();
    await db.users.put({ ...user(alice), scopes: [`user:${alice}`], _pending: 0 });
    expect(await shownProjectFor(db, "00000000-0000-4000-8000-0000000000b2", user(alice).email)).toBeNull();
  });
});
