import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PipelineFixtures, pipelineFixtures } from "../candidacies/testing/pipeline-fixtures.ts";
import { countEvents, type SignedIn, startTestApp, type TestApp } from "../testing/test-app.ts";

let t: TestApp;
let f: PipelineFixtures;
beforeAll(async () => {
  t = await startTestApp({ reactions: true });
  f = pipelineFixtures(t, "payloadwrites");
});
afterAll(async () => {
  await t.close();
});

async function call(user: SignedIn, url: string, payload: unknown) {
  return t.app.inject({
    method: "PUT",
    url,
    headers: { ...user.headers, "content-type": "application/json" },
    payload: JSON.stringify(payload),
  });
}

/** A candidate in a stage whose sequence needs review; the run the reaction started for them. */
async function runUnderReview(owner: SignedIn) {
  const ws = await f.createWorkspace(owner);
  const created = await t.app.inject({
    method: "POST",
    url: `/api/v1/workspaces/${ws}/sequences`,
    headers: { ...owner.headers, "content-type": "application/json" },
    payload: JSON.stringify({
      name: "Reviewed",
      has_review: true,
      payload_fields: { customs: [{ name: "pitch", type: "Text area" }] },
      steps: [{ template_subject: "Hello {{first_name}}", template_body: "<p>{{pitch}}</p>" }],
    }),
  });
  expect(created.statusCode, created.body).toBe(201);
  const project = await f.createProject(owner, ws, { sequences: { 0: created.json().data.id } });
  const person = await f.addPerson(owner, { first_name: "Grace", last_name: "Hopper" }, ws);
  await f.assign(owner, project, [person.id]);
  await t.reactions?.settle();
  const { rows } = await t.pool.query<{ stream_id: string; data: { candidacyId: string } }>(
    "select stream_id, data from events where type = 'ProcessorStarted' and data->>'projectId' = $1",
    [project.id],
  );
  const run = rows[0];
  if (!run) throw new Error("no run started");
  const id = run.stream_id.replace("processor-", "");
  return {
    payload: `/api/v1/workspaces/${ws}/projects/${project.id}/payloads/${id}`,
    byCandidate: `/api/v1/projects/${project.id}/project_people/${run.data.candidacyId}/sequence_processors/${id}/event`,
  };
}

describe("a payload's values and events", () => {
  it("go from pending to draft once filled, to ready, then to sending when approved", async () => {
    const owner = await f.newUser();
    const { payload, byCandidate } = await runUnderReview(owner);

    const filled = await call(owner, payload, { payload_values: { data: { pitch: "We build compilers." } } });
    expect(filled.statusCode, filled.body).toBe(200);
    expect(filled.json().data.attributes).toMatchObject({ status: "draft", button: "Ready", event: "event_ready" });

    const ready = await call(owner, `${payload}/event`, { event_name: "event_ready" });
    expect(ready.json().data.attributes).toMatchObject({ status: "ready", button: "Send", event: "event_send" });

    const sending = await call(owner, byCandidate, { event_name: "event_send" });
    expect(sending.statusCode, sending.body).toBe(200);
    expect(sending.json().data.attributes).toMatchObject({ status: "sending", editable: false });
  });

  it("refuses an event the status table does not allow (409) and a value too long (422), changing nothing", async () => {
    const owner = await f.newUser();
    const { payload } = await runUnderReview(owner);
    const before = await countEvents(t.pool);

    const early = await call(owner, `${payload}/event`, { event_name: "event_ready" });
    expect(early.statusCode).toBe(409);
    expect(early.json().errors[0].detail).toBe("event_ready is not allowed while the status is Pending");

    const long = await call(owner, payload, { payload_values: { data: { first_name: "x".repeat(81) } } });
    expect(long.statusCode).toBe(422);
    expect(long.json().errors[0].source.pointer).toBe("/data/attributes/payload_values/data/first_name");
    expect(await countEvents(t.pool)).toBe(before);
  });

  it("is not found for someone outside the project, nor through another candidate", async () => {
    const owner = await f.newUser();
    const { payload, byCandidate } = await runUnderReview(owner);
    const stranger = await f.newUser();
    expect((await call(stranger, `${payload}/event`, { event_name: "event_pause" })).statusCode).toBe(404);
    const otherCandidate = byCandidate.replace(
      /project_people\/[^/]+/,
      "project_people/00000000-0000-4000-8000-000000000001",
    );
    expect((await call(owner, otherCandidate, { event_name: "event_pause" })).statusCode).toBe(404);
  });
});
