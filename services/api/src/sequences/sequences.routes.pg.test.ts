import { randomUUID } from "node:crypto";
import { appendEvents } from "@hirestream/eventstore/testing/append-events.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countEvents, type SignedIn, signUpUser, startTestApp, type TestApp } from "../testing/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

let emails = 0;
const newUser = () => signUpUser(t.app, `seq${++emails}@example.com`);

async function createWorkspace(user: SignedIn): Promise<string> {
  const response = await send(user, "POST", "/api/v1/workspaces", {
    data: { type: "workspace", attributes: { name: "Hiring" } },
  });
  expect(response.statusCode).toBe(201);
  return response.json().data.id;
}

function join(workspaceId: string, user: SignedIn, role: "manager" | "collaborator" | "viewer") {
  return appendEvents(
    t.store,
    `workspace-${workspaceId}`,
    [{ type: "WorkspaceMemberAdded", data: { workspaceId, userId: user.userId, role } }],
    { occurredAt: "2026-11-22T12:00:00.000Z", actor: user.userId },
  );
}

function send(user: SignedIn, method: "POST" | "PUT" | "DELETE", url: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: payload === undefined ? user.headers : { ...user.headers, "content-type": "application/json" },
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });
}

function read(user: SignedIn, url: string, position = 0) {
  return t.app.inject({ method: "GET", url, headers: { ...user.headers, "x-min-position": String(position) } });
}

const twoSteps = [
  { template_subject: "Hello {{first_name}}", template_body: "<p>About {{project_title}}</p>" },
  { template_subject: "Again", template_body: "<p>{{pitch}}</p>" },
];
const sequenceBody = (attributes: Record<string, unknown> = {}, id?: string) => ({
  data: {
    type: "sequence",
    ...(id ? { id } : {}),
    attributes: {
      name: "Outreach",
      steps: twoSteps,
      payload_fields: { customs: [{ name: "pitch", type: "Text area" }] },
      ...attributes,
    },
  },
});
const url = (workspaceId: string, sequenceId?: string) =>
  `/api/v1/workspaces/${workspaceId}/sequences${sequenceId ? `/${sequenceId}` : ""}`;

async function createSequence(user: SignedIn, ws: string, attributes: Record<string, unknown> = {}) {
  const response = await send(user, "POST", url(ws), sequenceBody(attributes));
  expect(response.statusCode, response.body).toBe(201);
  return { id: response.json().data.id as string, position: response.json().meta.position as number };
}

describe("POST and GET /workspaces/{ws}/sequences", () => {
  it("creates a sequence with spec §4's defaults; GET answers it with its steps in included", async () => {
    const owner = await newUser();
    const ws = await createWorkspace(owner);
    const id = randomUUID();
    const created = await send(owner, "POST", url(ws), sequenceBody({ workspace_id: ws }, id));
    expect(created.statusCode).toBe(201);
    expect(created.headers.location).toBe(url(ws, id));
    const { position } = created.json().meta;

    const shown = await read(owner, url(ws, id), position);
    expect(shown.statusCode).toBe(200);
    const document = shown.json();
    expect(document.data).toEqual({
      id,
      type: "sequence",
      attributes: {
        name: "Outreach",
        description: "",
        has_review: false,
        has_write: true,
        allow_send_weekend: false,
        allow_send_holiday: false,
        holiday_country: "US",
        timezone: "America/Chicago",
        payload_fields: {
          defaults: [
            { name: "first_name", used: true },
            { name: "last_name", used: false },
            { name: "title", used: false },
            { name: "company_name", used: false },
          ],
          customs: [{ name: "pitch", type: "Text area", used: true }],
        },
        workspace_id: ws,
        user_id: owner.userId,
        created_at: expect.any(String),
        updated_at: expect.any(String),
      },
      relationships: {
        steps: { data: document.included.map((step: { id: string }) => ({ id: step.id, type: "step" })) },
      },
      meta: { credentials: { count: 0, provider_names: [], empty_providers: 2 } },
    });
    expect(document.included[1]).toEqual({
      id: expect.any(String),
      type: "step",
      attributes: {
        position: 2,
        type: "Step::Message",
        name: "Step 2",
        delay: 1440,
        template_subject: "Again",
        template_body: "<p>{{pitch}}</p>",
        default_fields: [],
        custom_fields: ["pitch"],
        provider_id: null,
        provider_type: null,
        provider_name: null,
        credential: null,
        credential_email: null,
        from: null,
        has_provider_signature: true,
        workday_start: "8am",
        workday_end: "8pm",
        sequence_id: id,
      },
    });
    // The write answered the same document before the read model had it.
    expect(created.json().data).toEqual({
      ...document.data,
      attributes: expect.objectContaining({ name: "Outreach" }),
    });
    expect(created.json().included).toEqual(document.included);
  });

  it("runs a POST repeated with its Idempotency-Key once, naming the same sequence and steps", async () => {
    const owner = await newUser();
    const ws = await createWorkspace(owner);
    const headers = { ...owner.headers, "content-type": "application/json", "idempotency-key": randomUUID() };
    const post = () => t.app.inject({ method: "POST", url: url(ws), headers, payload: JSON.stringify(sequenceBody()) });
    const first = await post();
    const before = await countEvents(t.pool);
    const again = await post();
    expect(first.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await countEvents(t.pool)).toBe(before);
  });

  it("counts the steps' distinct credentials and the steps without one", async () => {
    const owner = await newUser();
    const ws = await createWorkspace(owner);
    const credential = randomUUID();
    const steps = [
      { ...twoSteps[0], provider_id: credential, from: "me@example.com" },
      { ...twoSteps[1], provider_id: credential },
      { template_subject: "Last", template_body: "<p>Bye</p>" },
    ];
    const created = await send(owner, "POST", url(ws), sequenceBody({ steps }));
    expect(created.json().data.meta.credentials).toEqual({ count: 1, provider_names: [], empty_providers: 1 });
  });

  it("lists the workspace's sequences newest first, paged with links, and `me` lists every workspace's", async () => {
    const owner = await newUser();
    const ws = await createWorkspace(owner);
    const other = await createWorkspace(owner);
    const first = await createSequence(owner, ws, { name: "First" });
    t.clock.now = new Date(t.clock.now.getTime() + 1000);
    await createSequence(owner, other, { name: "Elsewhere" });
    t.clock.now = new Date(t.clock.now.getTime() + 1000);
    const last = await createSequence(owner, ws, { name: "Second" });

    const page = await read(owner, `${url(ws)}?limit=10`, last.position);
    expect(page.statusCode).toBe(200);
    const body = page.json();
    expect(body.data.map((s: { attributes: { name: string } }) => s.attributes.name)).toEqual(["Second", "First"]);
    expect(body.included).toHaveLength(4);
    expect(body.meta.pages).toEqual({ current: 1, total: 1 });
    expect(body.links.last).toBe(`${url(ws)}?limit=10&page=1`);
    const all = await read(owner, `${url("me")}?limit=9999`, last.position);
    expect(all.json().data.map((s: { attributes: { name: string } }) => s.attributes.name)).toEqual([
      "Second",
      "Elsewhere",
      "First",
    ]);
    expect(first.id).not.toBe(last.id);
    for (const query of ["limit=15", "page=0", "page=x", "colour=red"]) {
      expect((await read(owner, `${url(ws)}?${query}`)).statusCode, query).toBe(422);
    }
  });

  it("hides another tenant's sequences (404) and refuses a viewer's write (403), appending nothing", async () => {
    const owner = await newUser();
    const stranger = await newUser();
    const viewer = await newUser();
    const ws = await createWorkspace(owner);
    await join(ws, viewer, "viewer");
    const { id, position } = await createSequence(owner, ws);
    const before = await countEvents(t.pool);
    expect((await read(stranger, url(ws, id))).statusCode).toBe(404);
    expect((await read(stranger, url(ws))).statusCode).toBe(404);
    expect((await send(stranger, "POST", url(ws), sequenceBody())).statusCode).toBe(404);
    expect((await send(stranger, "PUT", url(ws, id), sequenceBody())).statusCode).toBe(404);
    expect((await send(stranger, "DELETE", url(ws, id))).statusCode).toBe(404);
    expect((await send(viewer, "POST", url(ws), sequenceBody())).statusCode).toBe(403);
    expect((await send(viewer, "PUT", url(ws, id), sequenceBody({ name: "Mine" }))).statusCode).toBe(403);
    expect((await send(viewer, "DELETE", url(ws, id))).statusCode).toBe(403);
    // A viewer is refused before existence: an unknown id is 403 to them too.
    expect((await send(viewer, "DELETE", url(ws, randomUUID()))).statusCode).toBe(403);
    expect((await read(viewer, url(ws, id), position)).statusCode).toBe(200);
    expect(await countEvents(t.pool)).toBe(before);
  });

  const cases: [string, Record<string, unknown>, string, string][] = [
    ["a missing name", { name: undefined }, "/data/attributes/name", "This field is required"],
    [
      "a 51-character name",
      { name: "n".repeat(51) },
      "/data/attributes/name",
      "is too long (maximum is 50 characters)",
    ],
    [
      "a 101-character description",
      { description: "d".repeat(101) },
      "/data/attributes/description",
      "is too long (maximum is 100 characters)",
    ],
    [
      "a region off the list",
      { holiday_country: "XX" },
      "/data/attributes/holiday_country",
      "must be a region of the list",
    ],
    [
      "a time zone off the list",
      { timezone: "Mars/Olympus" },
      "/data/attributes/timezone",
      "must be a time zone of the list",
    ],
    [
      "an empty body",
      { steps: [{ template_subject: "Hi", template_body: "<p></p>" }] },
      "/data/attributes/steps/0/template_body",
      "This field is required",
    ],
    [
      "a blank subject",
      { steps: [{ template_subject: " ", template_body: "<p>Hi</p>" }] },
      "/data/attributes/steps/0/template_subject",
      "This field is required",
    ],
    [
      "an unknown variable",
      { steps: [{ template_subject: "Hi {{nickname}}", template_body: "<p>Hi</p>" }] },
      "/data/attributes/steps/0/template_subject",
      "uses an unknown variable: {{nickname}}",
    ],
    [
      "a custom variable named twice",
      {
        payload_fields: {
          customs: [
            { name: "pitch", type: "Text" },
            { name: " pitch ", type: "Text" },
          ],
        },
      },
      "/data/attributes/payload_fields/customs/1/name",
      "Name already taken.",
    ],
    [
      "a workday ending before it starts",
      { steps: [{ template_subject: "Hi", template_body: "<p>Hi</p>", workday_start: "9pm", workday_end: "8am" }] },
      "/data/attributes/steps/0/workday_end",
      "must be after the workday start",
    ],
    ["no steps", { steps: [] }, "/data/attributes/steps", "must have at least one step"],
    [
      "31 steps",
      { steps: Array.from({ length: 31 }, () => twoSteps[0]) },
      "/data/attributes/steps",
      "must have at most 30 steps",
    ],
    [
      "a delay that is not a number",
      { steps: [{ ...twoSteps[0], delay: "soon" }] },
      "/data/attributes/steps/0/delay",
      "must be a number of minutes",
    ],
    [
      "a negative delay",
      { steps: [{ ...twoSteps[0], delay: -1 }] },
      "/data/attributes/steps/0/delay",
      "must be 0 or more",
    ],
    [
      "an hour off the list",
      { steps: [{ ...twoSteps[0], workday_start: "13pm" }] },
      "/data/attributes/steps/0/workday_start",
      "must be an hour from 12am to 11pm, or --",
    ],
    [
      "a credential that is not an id",
      { steps: [{ ...twoSteps[0], provider_id: "gmail" }] },
      "/data/attributes/steps/0/provider_id",
      "must be a UUID",
    ],
    ["a review that is not a flag", { has_review: "yes" }, "/data/attributes/has_review", "must be true or false"],
    [
      "a custom variable of another type",
      { payload_fields: { customs: [{ name: "pitch", type: "Number" }] } },
      "/data/attributes/payload_fields/customs/0/type",
      "must be one of Text, Text area",
    ],
    [
      "another workspace's id",
      { workspace_id: randomUUID() },
      "/data/attributes/workspace_id",
      "must be the workspace in the URL",
    ],
    ["an id other than the document's", { id: randomUUID() }, "/data/attributes/id", "must be the document's id"],
  ];
  for (const [label, attributes, pointer, detail] of cases) {
    it(`${label} is 422 at ${pointer}, and nothing is appended`, async () => {
      const owner = await newUser();
      const ws = await createWorkspace(owner);
      const before = await countEvents(t.pool);
      const response = await send(owner, "POST", url(ws), sequenceBody(attributes, randomUUID()));
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json().errors[0]).toMatchObject({
        status: "422",
        code: "VALIDATION",
        detail,
        source: { pointer },
      });
      expect(await countEvents(t.pool)).toBe(before);
    });
  }
});

describe("PUT and DELETE /workspaces/{ws}/sequences/{id}", () => {
  it("edits the whole sequence, keeping each step's id and adding a step", async () => {
    const owner = await newUser();
    const ws = await createWorkspace(owner);
    const { id, position } = await createSequence(owner, ws);
    const before = (await read(owner, url(ws, id), position)).json();
    const steps = before.included.map((step: { id: string; attributes: Record<string, unknown> }) => ({
      id: step.id,
      template_subject: step.attributes.template_subject,
      template_body: step.attributes.template_body,
    }));
    const edited = await send(
      owner,
      "PUT",
      url(ws, id),
      sequenceBody(
        {
          id,
          workspace_id: ws,
          has_review: true,
          timezone: "Europe/Madrid",
          steps: [...steps, { template_subject: "Last", template_body: "<p>Bye</p>", delay: 60 }],
        },
        id,
      ),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    const after = (await read(owner, url(ws, id), edited.json().meta.position)).json();
    expect(after.data.attributes).toMatchObject({ has_review: true, timezone: "Europe/Madrid" });
    expect(
      after.included.map((step: { id: string; attributes: { name: string; delay: number } }) => [
        step.id,
        step.attributes.name,
        step.attributes.delay,
      ]),
    ).toEqual([
      [steps[0].id, "Step 1", 0],
      [steps[1].id, "Step 2", 1440],
      [expect.any(String), "Step 3", 60],
    ]);
  });

  it("refuses an edit leaving a saved step with a variable no longer defined, a blank name, or a foreign URL", async () => {
    const owner = await newUser();
    const ws = await createWorkspace(owner);
    const other = await createWorkspace(owner);
    const { id } = await createSequence(owner, ws);
    const before = await countEvents(t.pool);
    const dropped = await send(owner, "PUT", url(ws, id), { payload_fields: { customs: [] } });
    expect(dropped.statusCode).toBe(422);
    expect(dropped.json().errors[0]).toMatchObject({
      detail: "uses an unknown variable: {{pitch}}",
      source: { pointer: "/data/attributes/payload_fields/customs" },
    });
    const blank = await send(owner, "PUT", url(ws, id), { name: " " });
    expect(blank.json().errors[0]).toMatchObject({
      detail: "This field is required",
      source: { pointer: "/data/attributes/name" },
    });
    expect((await send(owner, "PUT", url(other, id), { name: "Moved" })).statusCode).toBe(404);
    expect((await read(owner, url(other, id))).statusCode).toBe(404);
    expect((await send(owner, "PUT", url(ws, randomUUID()), { name: "None" })).statusCode).toBe(404);
    expect((await send(owner, "PUT", `${url(ws)}/not-an-id`, { name: "None" })).statusCode).toBe(404);
    expect((await send(owner, "PUT", url(ws, id), { id: randomUUID(), name: "Other" })).statusCode).toBe(422);
    expect(await countEvents(t.pool)).toBe(before);
  });

  it("refuses to remove a saved step (422), and changes nothing", async () => {
    const owner = await newUser();
    const ws = await createWorkspace(owner);
    const { id } = await createSequence(owner, ws);
    const before = await countEvents(t.pool);
    const refused = await send(owner, "PUT", url(ws, id), sequenceBody({ steps: [twoSteps[0]] }));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors[0]).toMatchObject({
      detail: "Step 2 is saved and cannot be removed",
      source: { pointer: "/data/attributes/steps" },
    });
    expect(await countEvents(t.pool)).toBe(before);
  });

  it("lets a collaborator edit and remove their own sequence, not another's", async () => {
    const owner = await newUser();
    const collaborator = await newUser();
    const ws = await createWorkspace(owner);
    await join(ws, collaborator, "collaborator");
    const theirs = await createSequence(owner, ws);
    const mine = await createSequence(collaborator, ws);
    expect((await send(collaborator, "PUT", url(ws, theirs.id), sequenceBody({ name: "Taken" }))).statusCode).toBe(403);
    expect((await send(collaborator, "DELETE", url(ws, theirs.id))).statusCode).toBe(403);
    expect((await send(collaborator, "PUT", url(ws, mine.id), sequenceBody({ name: "Mine" }))).statusCode).toBe(200);
    expect((await send(collaborator, "DELETE", url(ws, mine.id))).statusCode).toBe(200);
    expect((await read(collaborator, url(ws, mine.id))).statusCode).toBe(404);
  });
});

describe("stages that start sequences", () => {
  const stages = (sequenceId: string | null) => [
    { position: 0, name: "Sourced" },
    { position: 1, name: "Contacted", sequence_id: sequenceId, on_response_stage_position: 2 },
    { position: 2, name: "Replied" },
  ];
  const workflowUrl = (ws: string, id?: string) => `/api/v1/workspaces/${ws}/workflows${id ? `/${id}` : ""}`;

  it("show the sequence's name and review; a sequence a stage starts is not removed (409) until the stage lets go", async () => {
    const owner = await newUser();
    const ws = await createWorkspace(owner);
    const sequence = await createSequence(owner, ws, { name: "Intro", has_review: true });
    const created = await send(owner, "POST", workflowUrl(ws), {
      name: "Engineering",
      stages_attributes: stages(sequence.id),
    });
    expect(created.statusCode, created.body).toBe(201);
    const workflowId = created.json().data.id;
    expect(created.json().included[1]).toMatchObject({
      attributes: { sequence_id: sequence.id, sequence: "Intro" },
      meta: { sequence_name: "Intro", has_sequence_review: true },
    });
    const shown = (await read(owner, workflowUrl(ws, workflowId), created.json().meta.position)).json();
    expect(shown.included[1]).toMatchObject({
      attributes: { sequence: "Intro" },
      meta: { sequence_name: "Intro", has_sequence_review: true },
    });
    expect(shown.included[0]).toMatchObject({ attributes: { sequence: null }, meta: { sequence_name: null } });

    const before = await countEvents(t.pool);
    const refused = await send(owner, "DELETE", url(ws, sequence.id));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors[0].detail).toBe(
      "This sequence is started by the stage Contacted of the workflow Engineering: choose another sequence there before removing it",
    );
    expect(await countEvents(t.pool)).toBe(before);

    const ids = shown.included.map((stage: { id: string }) => stage.id);
    const detached = await send(owner, "PUT", workflowUrl(ws, workflowId), {
      stages: stages(null).map((stage, index) => ({ ...stage, id: ids[index] })),
    });
    expect(detached.statusCode, detached.body).toBe(200);
    expect((await send(owner, "DELETE", url(ws, sequence.id))).statusCode).toBe(200);
  });

  it("a removal sees a stage someone else attached a moment before, even before it was projected", async () => {
    const owner = await newUser();
    const manager = await newUser();
    const ws = await createWorkspace(owner);
    await join(ws, manager, "manager");
    const sequence = await createSequence(owner, ws);
    await t.readModels.waitFor(sequence.position, 5000);
    await t.pauseProjector();
    try {
      const attached = await send(manager, "POST", workflowUrl(ws), {
        name: "Sales",
        stages_attributes: stages(sequence.id),
      });
      expect(attached.statusCode, attached.body).toBe(201);
      // Until the read models hold the stage, the removal cannot tell: it asks to be retried.
      const before = await countEvents(t.pool);
      const early = await send(owner, "DELETE", url(ws, sequence.id));
      expect(early.statusCode, early.body).toBe(503);
      expect(await countEvents(t.pool)).toBe(before);
    } finally {
      t.resumeProjector();
    }
    const refused = await send(owner, "DELETE", url(ws, sequence.id));
    expect(refused.statusCode, refused.body).toBe(409);
  });

  it("refuse a sequence of another workspace, or none, with a pointer at the stage", async () => {
    const owner = await newUser();
    const ws = await createWorkspace(owner);
    const other = await createWorkspace(owner);
    const foreign = await createSequence(owner, other);
    const before = await countEvents(t.pool);
    for (const sequenceId of [foreign.id, randomUUID()]) {
      const refused = await send(owner, "POST", workflowUrl(ws), {
        name: "Sales",
        stages_attributes: stages(sequenceId),
      });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors[0]).toMatchObject({
        detail: "must be a sequence of this workspace",
        source: { pointer: "/data/attributes/stages_attributes/1/sequence_id" },
      });
    }
    const good = await createSequence(owner, ws);
    const created = await send(owner, "POST", workflowUrl(ws), { name: "Sales", stages_attributes: stages(good.id) });
    expect(created.statusCode).toBe(201);
    const edited = await send(owner, "PUT", workflowUrl(ws, created.json().data.id), {
      stages: created.json().included.map((stage: { id: string }, index: number) => ({
        ...stages(index === 1 ? foreign.id : null)[index],
        id: stage.id,
      })),
    });
    expect(edited.statusCode).toBe(422);
    expect(edited.json().errors[0].source.pointer).toBe("/data/attributes/stages/1/sequence_id");
    expect(await countEvents(t.pool)).toBeGreaterThan(before);
  });
});
