import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  candidateUrl,
  type PipelineFixtures,
  pipelineFixtures,
  stageOf,
} from "../candidacies/testing/pipeline-fixtures.ts";
import { type SignedIn, startTestApp, type TestApp } from "../testing/test-app.ts";

let t: TestApp;
let f: PipelineFixtures;
beforeAll(async () => {
  t = await startTestApp({ reactions: true });
  f = pipelineFixtures(t, "runs");
});
afterAll(async () => {
  await t.close();
});

async function sequenceIn(owner: SignedIn, ws: string, attributes: Record<string, unknown> = {}) {
  const created = await t.app.inject({
    method: "POST",
    url: `/api/v1/workspaces/${ws}/sequences`,
    headers: { ...owner.headers, "content-type": "application/json" },
    payload: JSON.stringify({
      name: "Backend outreach",
      has_review: true,
      payload_fields: { customs: [{ name: "pitch", type: "Text area" }] },
      steps: [
        { template_subject: "Hello {{first_name}}", template_body: "<p>{{pitch}}</p>" },
        { template_subject: "Following up", template_body: "<p>Any news, {{first_name}}?</p>" },
      ],
      ...attributes,
    }),
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().data.id as string;
}

/** The project's runs' events, in the order they were appended. */
async function runs(projectId: string) {
  await t.reactions?.settle();
  const { rows } = await t.pool.query<{ stream_id: string; type: string; data: Record<string, unknown> }>(
    "select stream_id, type, data from events where stream_id like 'processor-%' and data->>'projectId' = $1 order by global_position",
    [projectId],
  );
  return rows;
}

describe("a candidate entering a stage that starts a sequence", () => {
  it("gets a run of it with a payload holding what their record and the project know", async () => {
    const owner = await f.newUser();
    const ws = await f.createWorkspace(owner, "Acme");
    const sequenceId = await sequenceIn(owner, ws);
    const project = await f.createProject(owner, ws, { sequences: { 0: sequenceId } });
    const person = await f.addPerson(
      owner,
      { first_name: "Grace", last_name: "Hopper", country: "France", company: "Navy" },
      ws,
    );
    await f.assign(owner, project, [person.id]);

    const [started, ...more] = await runs(project.id);
    expect(more).toEqual([]);
    expect(started?.type).toBe("ProcessorStarted");
    expect(started?.data).toMatchObject({
      personId: person.id,
      projectId: project.id,
      workspaceId: ws,
      stageId: stageOf(project, 0).id,
      sequenceId,
      totalSteps: 2,
      hasReview: true,
      timeZone: "Europe/Paris",
      timeZoneSource: "candidate",
      // The payload's fields are the candidate's; the project's variables are filled when a step is sent.
      values: { first_name: "Grace", last_name: "Hopper", company_name: "Navy" },
    });
  });

  it("stops the run when the candidate moves on or leaves, and starts a new one on coming back", async () => {
    const owner = await f.newUser();
    const ws = await f.createWorkspace(owner);
    const sequenceId = await sequenceIn(owner, ws);
    const project = await f.createProject(owner, ws, { sequences: { 0: sequenceId } });
    const person = await f.addPerson(owner, { first_name: "Ada", last_name: "Lovelace" }, ws);
    await f.assign(owner, project, [person.id]);
    const candidate = `/api/v1${candidateUrl(project, person.id)}`;
    const move = async (stage: number) => {
      const moved = await t.app.inject({
        method: "PUT",
        url: `${candidate}/move`,
        headers: { ...owner.headers, "content-type": "application/json" },
        payload: JSON.stringify({ stage_id: stageOf(project, stage).id }),
      });
      expect(moved.statusCode, moved.body).toBe(200);
    };
    await move(1);
    await move(0);
    const removed = await t.app.inject({
      method: "DELETE",
      url: candidate,
      headers: owner.headers,
    });
    expect(removed.statusCode, removed.body).toBeLessThan(300);

    const events = await runs(project.id);
    expect(events.map((event) => [event.type, event.data.reason ?? null])).toEqual([
      ["ProcessorStarted", null],
      ["ProcessorStopped", "moved"],
      ["ProcessorStarted", null],
      ["ProcessorStopped", "removed"],
    ]);
    // Two runs, each stopped in its own stream.
    expect(new Set(events.map((event) => event.stream_id)).size).toBe(2);
    expect(events[1]?.stream_id).toBe(events[0]?.stream_id);
  });

  it("starts nothing in a stage without a sequence, nor for a sequence without steps to run", async () => {
    const owner = await f.newUser();
    const ws = await f.createWorkspace(owner);
    const project = await f.createProject(owner, ws);
    const person = await f.addPerson(owner, { first_name: "Alan" }, ws);
    await f.assign(owner, project, [person.id]);
    expect(await runs(project.id)).toEqual([]);
  });
});
