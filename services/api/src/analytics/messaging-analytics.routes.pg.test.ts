import { randomUUID } from "node:crypto";
import type { ProcessorEvent } from "@hirestream/contracts/processors/events.ts";
import { appendEvents } from "@hirestream/eventstore/testing/append-events.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type PipelineFixtures,
  type PipelineProject,
  pipelineFixtures,
  stageOf,
} from "../candidacies/testing/pipeline-fixtures.ts";
import { type SignedIn, startTestApp, type TestApp } from "../testing/test-app.ts";

let t: TestApp;
let f: PipelineFixtures;
beforeAll(async () => {
  t = await startTestApp({ reactions: true });
  f = pipelineFixtures(t, "messaging-analytics");
});
afterAll(async () => {
  await t.close();
});

const header = "Name,Email,Status,Last Step Sent,Last Sent Date,Next Date,Time Zone,Replied,Bounced,Opened\r\n";

/** Once the runs the reactions start, and the events appended here, are in the read models. */
async function settled() {
  await t.reactions?.settle();
  const { rows } = await t.pool.query<{ position: string }>(
    "select max(global_position)::text as position from events",
  );
  await t.readModels.waitFor(Number(rows[0]?.position ?? 0), 5000);
}

async function payloadIdOf(projectId: string, personId: string): Promise<string> {
  const { rows } = await t.pool.query<{ id: string }>(
    "select id from read.payloads where project_id = $1 and person_id = $2",
    [projectId, personId],
  );
  const id = rows[0]?.id;
  if (!id) throw new Error("no payload");
  return id;
}

const message = { from: "me@acme.test", to: "them@example.com", subject: "Hello", html: "<p>Hi</p>", references: [] };
type Run = { processorId: string; projectId: string; workspaceId: string };

/** What the outreach engine records for a run, appended as it would append it. */
async function record(project: PipelineProject, processorId: string, events: (run: Run) => ProcessorEvent[]) {
  const run = { processorId, projectId: project.id, workspaceId: project.workspaceId };
  await appendEvents(t.store, `processor-${processorId}`, events(run), {
    occurredAt: "2026-11-25T14:00:00.000Z",
    actor: null,
  });
}

/**
 * A project whose first two stages start a two-step sequence in Berlin time: Ada sent step 1 with
 * step 2 due, Grace replied, a formula-named candidate bounced, Alan pending; Edsger is in the
 * second stage.
 */
async function messagingProject(owner: SignedIn, name = "Compilers") {
  const ws = await f.createWorkspace(owner);
  const created = await f.send(owner, "POST", `/workspaces/${ws}/sequences`, {
    name: "Backend outreach",
    timezone: "Europe/Berlin",
    steps: [
      { template_subject: "Hello {{first_name}}", template_body: "<p>Hi</p>" },
      { template_subject: "Again", template_body: "<p>Again</p>", delay: 1440 },
    ],
  });
  expect(created.statusCode, created.body).toBe(201);
  const sequenceId = created.json().data.id;
  const project = await f.createProject(owner, ws, { name, sequences: { 0: sequenceId, 1: sequenceId } });
  const person = async (first_name: string, last_name: string, email: string) =>
    (await f.addPerson(owner, { first_name, last_name, email }, ws)).id;
  const ada = await person("Ada", "Lovelace", "ada@example.com");
  const grace = await person("Grace", "Hopper", "grace@navy.mil");
  const formula = await person('=HYPERLINK("http://x")', "Evil", "+cmd@example.com");
  const alan = await person("Alan", "Turing", "alan@example.com");
  const edsger = await person("Edsger", "Dijkstra", "edsger@example.com");
  await f.assign(owner, project, [ada, grace, formula, alan]);
  await f.assign(owner, project, [edsger], stageOf(project, 1).id);
  await settled();

  const sentAt = "2026-11-25T14:00:00.000Z";
  const sent = (run: Run): ProcessorEvent[] => [
    { type: "PayloadApproved", data: { ...run, by: owner.userId, at: "2026-11-25T13:00:00.000Z" } },
    { type: "StepSent", data: { ...run, position: 1, messageId: `<${randomUUID()}@acme.test>`, message, sentAt } },
  ];
  const inbound = (run: Run) => ({
    ...run,
    messageId: `<${randomUUID()}@example.com>`,
    from: "them@example.com",
    to: "me@acme.test",
    subject: "Re: Hello",
    html: "<p>Thanks</p>",
    receivedAt: "2026-11-25T15:00:00.000Z",
  });
  await record(project, await payloadIdOf(project.id, ada), (run) => [
    ...sent(run),
    { type: "StepScheduled", data: { ...run, position: 2, dueAt: "2099-11-26T08:00:00.000Z", jobKey: randomUUID() } },
  ]);
  await record(project, await payloadIdOf(project.id, grace), (run) => [
    ...sent(run),
    { type: "ReplyReceived", data: { ...inbound(run), afterStop: false } },
  ]);
  await record(project, await payloadIdOf(project.id, formula), (run) => [
    ...sent(run),
    { type: "StepBounced", data: { ...inbound(run), position: 1, reason: "No such user", status: "5.1.1" } },
  ]);
  await settled();
  return { ws, project };
}

const exportUrl = (ws: string, projectId: string, stageId: string) =>
  `/workspaces/${ws}/projects/${projectId}/export_analytics?stage_id=${stageId}`;

describe("GET /workspaces/{ws}/projects/{id}/export_analytics?stage_id=", () => {
  it("answers one row per payload of the stage, in the Message tab's order, dates on the candidate's clock", async () => {
    const owner = await f.newUser();
    const { ws, project } = await messagingProject(owner);
    const response = await f.read(owner, exportUrl(ws, project.id, stageOf(project, 0).id));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toBe(
      `attachment; filename="Compilerspeople_analytics.csv"; filename*=UTF-8''Compilerspeople_analytics.csv`,
    );
    expect(response.body).toBe(
      header +
        // Nothing sent to Alan yet; the others' steps went without a pixel.
        "Alan Turing,alan@example.com,Draft,0/2,,,Europe/Berlin,No,No,\r\n" +
        "Ada Lovelace,ada@example.com,Sending,1/2,2026-11-25T15:00:00+01:00,2099-11-26T09:00:00+01:00,Europe/Berlin,No,No,Not tracked\r\n" +
        `"'=HYPERLINK(""http://x"") Evil","'+cmd@example.com",Bounced,1/2,2026-11-25T15:00:00+01:00,,Europe/Berlin,No,Yes,Not tracked\r\n` +
        "Grace Hopper,grace@navy.mil,Replied,1/2,2026-11-25T15:00:00+01:00,,Europe/Berlin,Yes,No,Not tracked\r\n",
    );
  });

  it("answers only the stage asked for, and the header alone for a stage of another project", async () => {
    const owner = await f.newUser();
    const { ws, project } = await messagingProject(owner);
    const second = await f.read(owner, exportUrl(ws, project.id, stageOf(project, 1).id));
    expect(second.body).toBe(`${header}Edsger Dijkstra,edsger@example.com,Draft,0/2,,,Europe/Berlin,No,No,\r\n`);
    expect((await f.read(owner, exportUrl(ws, project.id, stageOf(project, 2).id))).body).toBe(header);

    const other = await messagingProject(owner, "Other");
    const foreignStage = await f.read(owner, exportUrl(ws, project.id, stageOf(other.project, 0).id));
    expect(foreignStage.statusCode).toBe(200);
    expect(foreignStage.body).toBe(header);
    const malformed = await f.read(owner, `/workspaces/${ws}/projects/${project.id}/export_analytics?stage_id=x`);
    expect(malformed.statusCode).toBe(422);
  });

  it("leaves out a candidate who left the stage", async () => {
    const owner = await f.newUser();
    const { ws, project } = await messagingProject(owner);
    const { rows } = await t.pool.query<{ project_person_id: string }>(
      "select project_person_id from read.payloads where project_id = $1 and first_name = 'Alan'",
      [project.id],
    );
    const moved = await f.send(
      owner,
      "PUT",
      `/projects/${project.id}/project_people/${rows[0]?.project_person_id}/move`,
      {
        stage_id: stageOf(project, 2).id,
      },
    );
    expect(moved.statusCode, moved.body).toBe(200);
    await settled();
    const body = (await f.read(owner, exportUrl(ws, project.id, stageOf(project, 0).id))).body;
    expect(body).not.toContain("Alan");
    expect(body).toContain("Ada Lovelace");
  });

  it("answers a manager of the workspace and knows no project to a stranger or under another workspace", async () => {
    const owner = await f.newUser();
    const { ws, project } = await messagingProject(owner);
    const url = exportUrl(ws, project.id, stageOf(project, 0).id);
    const manager = await f.newUser();
    await f.join(ws, manager, "manager");
    await settled();
    expect((await f.read(manager, url)).body).toContain("Ada Lovelace");

    const stranger = await f.newUser();
    const refused = await f.read(stranger, url);
    expect(refused.statusCode).toBe(404);
    expect(refused.body).not.toContain("Ada");
    const theirs = await f.createWorkspace(stranger);
    const elsewhere = await f.read(stranger, exportUrl(theirs, project.id, stageOf(project, 0).id));
    expect(elsewhere.statusCode).toBe(404);
    expect((await f.read(stranger, exportUrl("me", project.id, stageOf(project, 0).id))).statusCode).toBe(404);
  });
});
