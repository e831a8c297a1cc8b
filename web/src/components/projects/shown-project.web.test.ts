import type { ProjectRow } from "@hirestream/contracts/projects/rows.ts";
import { describe, expect, it } from "vitest";
import { alice, bob, member, workspace, ws1, ws2 } from "../../replica/testing/rows.ts";
import { openTestDb } from "../../replica/testing/test-db.ts";
import { shownProject } from "./shown-project.ts";

const projectId = "00000000-0000-4000-8000-0000000000b1";

function project(changes: Partial<ProjectRow> = {}) {
  return {
    id: projectId,
    workspace_id: ws1,
    name: "Quiet search",
    description: null,
    priority: "Medium" as const,
    status: "Active" as const,
    start_date: null,
    deadline: null,
    visible: true,
    workflow_id: null,
    user_id: alice,
    created_at: "2026-11-01T08:00:00.000Z",
    updated_at: "2026-11-01T08:00:00.000Z",
    ...changes,
    scopes: [`ws:${ws1}`],
    _pending: 0,
  };
}

/** Alice's and Bob's workspace, holding one project of Alice's. */
async function replicaWith(changes: Partial<ProjectRow> = {}) {
  const { db } = openTestDb();
  await db.workspaces.bulkPut([
    { ...workspace(ws1, { name: "Shared" }), scopes: [`ws:${ws1}`], _pending: 0 },
    { ...workspace(ws2), scopes: [`ws:${ws2}`], _pending: 0 },
  ]);
  await db.workspace_members.bulkPut(
    [member(ws1, alice), { ...member(ws1, bob), role: "manager" as const }].map((row) => ({
      ...row,
      scopes: [`ws:${ws1}`],
      _pending: 0,
    })),
  );
  await db.projects.put(project(changes));
  return db;
}

describe("shownProject", () => {
  it("opens a visible project for every member, with their role and the workspace's name", async () => {
    const db = await replicaWith();
    expect(await shownProject(db, projectId, bob)).toMatchObject({
      project: { id: projectId },
      workspaceName: "Shared",
      role: "manager",
    });
  });

  it("opens a hidden project for its creator only, even when the replica still holds it", async () => {
    const db = await replicaWith({ visible: false });
    expect(await shownProject(db, projectId, alice)).toMatchObject({ project: { id: projectId }, role: "owner" });
    expect(await shownProject(db, projectId, bob)).toBeNull();
  });

  it("opens nothing of a workspace the user is not in, and nothing unknown", async () => {
    const db = await replicaWith({ workspace_id: ws2 });
    expect(await shownProject(db, projectId, alice)).toBeNull();
    expect(await shownProject(db, "00000000-0000-4000-8000-0000000000b2", alice)).toBeNull();
  });
});
