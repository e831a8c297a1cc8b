import type { MessageRow } from "@hirestream/contracts/mailbox/message-rows.ts";
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
import { dashboardProjects, projectFiguresOf, projectStatsOf } from "./dashboard-queries.ts";

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

let messages = 0;

/** A message of the project's outreach as the replica holds it. */
function message(personId: string, changes: Partial<MessageRow> = {}) {
  messages += 1;
  const id = `c0000000-0000-4000-8000-${String(messages).padStart(12, "0")}`;
  return {
    id,
    type: "Message::Out" as const,
    kind: null,
    workspace_id: workspaceId,
    project_id: projectId,
    person_id: personId,
    processor_id: uuid(800),
    position: 1,
    status: "sent" as const,
    from: "jobs@acme.example",
    to: "ada@example.com",
    subject: "A role",
    body_untracked: "<p>Hello</p>",
    message_id: `<${id}@acme.example>`,
    in_reply_to: null,
    tracked: true,
    opened_at: null,
    machine_opened_at: null,
    machine_opener: null,
    created_at: "2026-11-24T16:00:00.000Z",
    updated_at: "2026-11-24T16:00:00.000Z",
    ...changes,
    scopes: [`proj:${projectId}`],
    _pending: 0,
  };
}

describe("the project's outreach", () => {
  const opened = { opened_at: "2026-11-24T18:00:00.000Z" };
  const byProxy = { machine_opened_at: "2026-11-24T16:00:02.000Z", machine_opener: "apple_mail_privacy" as const };

  it("counts messages a person opened over tracked messages sent, and no mail proxy's fetch", async () => {
    const { db } = openTestDb();
    await db.messages.bulkPut([
      message(uuid(1), opened),
      message(uuid(1), { ...byProxy, position: 2 }),
      message(uuid(2), { ...byProxy, ...opened }),
      message(uuid(3), byProxy),
      message(uuid(3), { type: "Message::In", kind: "reply", status: "received", tracked: false, position: null }),
      message(uuid(4), { tracked: false }),
      message(uuid(5), { ...opened, project_id: uuid(700) }),
    ]);

    const figures = await projectFiguresOf(db, projectId);

    // Five messages went to four candidates; four carried a pixel, two of those a person opened.
    expect(figures.stats).toMatchObject({ contacted: 4, replies: 1, open_rate: 0.5 });
    expect(figures.opensTracked).toBe(true);
  });

  it("says the rate is not tracked when no message sent carried a pixel", async () => {
    const { db } = openTestDb();
    await db.messages.bulkPut([message(uuid(1), { tracked: false }), message(uuid(2), { tracked: false })]);
    const figures = await projectFiguresOf(db, projectId);
    expect(figures).toMatchObject({ stats: { open_rate: 0, contacted: 2 }, opensTracked: false });
  });

  it("is tracked with a rate of 0 before anything is sent", async () => {
    const { db } = openTestDb();
    expect(await projectFiguresOf(db, projectId)).toMatchObject({ stats: { open_rate: 0 }, opensTracked: true });
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
