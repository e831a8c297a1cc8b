import type { ProjectRow } from "@hirestream/contracts/projects/rows.ts";
import { describe, expect, it } from "vitest";
import {
  candidacy,
  otherWorkspaceId,
  ownerId,
  projectId,
  uuid,
  workspaceId,
} from "../../components/pipeline/testing/pipeline-rows.ts";
import { openTestDb } from "../../replica/testing/test-db.ts";
import { dashboardProjects, projectStatsOf } from "./dashboard-queries.ts";

const stage = { id: uuid(901), name: "Sourced" };

function project(id: string, changes: Partial<ProjectRow> = {}) {
  return {
    id,
    workspace_id: workspaceId,
    name: `Project ${id.slice(-2)}`,
    description: null,
    priority: "Medium" as const,
    status: "Active" as const,
    start_date: null,
    deadline: null,
    visible: true,
    workflow_id: null,
    user_id: ownerId,
    created_at: "2026-11-01T08:00:00.000Z",
    updated_at: "2026-11-01T08:00:00.000Z",
    ...changes,
    scopes: [`ws:${workspaceId}`],
    _pending: 0,
  };
}

describe("projectStatsOf", () => {
  it("counts the project's candidates as sourced and their responses, with no outreach yet", async () => {
    const { db } = openTestDb();
    await db.projects.put(project(projectId));
    await db.candidacies.bulkPut([
      candidacy(uuid(1), stage, { response: "interested" }),
      candidacy(uuid(2), stage, { response: "interested" }),
      candidacy(uuid(3), stage, { response: "not_interested" }),
      candidacy(uuid(4), stage, { response: "follow_up" }),
      candidacy(uuid(5), stage),
      candidacy(uuid(6), stage, { project_id: uuid(700) }),
    ]);

    expect(await projectStatsOf(db, projectId)).toEqual({
      sourced: 5,
      contacted: 0,
      replies: 0,
      interested: 2,
      not_interested: 1,
      follow_up: 1,
      open_rate: 0,
    });
  });

  it("is all zeros for a project without candidates", async () => {
    const { db } = openTestDb();
    expect(await projectStatsOf(db, projectId)).toMatchObject({ sourced: 0, interested: 0, open_rate: 0 });
  });
});

describe("dashboardProjects", () => {
  it("lists the workspace's projects the replica holds, newest first, and none of another workspace", async () => {
    const { db } = openTestDb();
    await db.projects.bulkPut([
      project(uuid(701), { created_at: "2026-11-02T08:00:00.000Z" }),
      project(uuid(702), { created_at: "2026-11-03T08:00:00.000Z", status: "Archived" }),
      project(uuid(704), { visible: false, created_at: "2026-10-01T08:00:00.000Z" }),
      project(uuid(705), { workspace_id: otherWorkspaceId }),
    ]);

    const rows = await dashboardProjects(db, workspaceId);

    expect(rows.map((row) => row.id)).toEqual([uuid(702), uuid(701), uuid(704)]);
    expect(rows[0]).not.toHaveProperty("scopes");
    expect(rows[0]).not.toHaveProperty("_pending");
  });

  it("has no projects for an empty workspace", async () => {
    const { db } = openTestDb();
    expect(await dashboardProjects(db, workspaceId)).toEqual([]);
  });
});
