import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countEvents, startTestApp, type TestApp } from "../testing/test-app.ts";
import { sequenceBody, sequenceKit, twoSteps, url } from "./testing/sequence-kit.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const { newUser, createWorkspace, join, send, read, createSequence } = sequenceKit(() => t, "seq");

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
        track_opens: true,
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
    const added = await send(owner, "POST", `/api/v1/workspaces/${ws}/providers`, {
      provider_type: "local",
      name: "Mailbox",
      email: "me@example.com",
    });
    const credential = added.json().data.id;
    const steps = [
      { ...twoSteps[0], provider_id: credential, from: "me@example.com" },
      { ...twoSteps[1], provider_id: credential },
      { template_subject: "Last", template_body: "<p>Bye</p>" },
    ];
    const created = await send(owner, "POST", url(ws), sequenceBody({ steps }));
    expect(created.json().data.meta.credentials).toEqual({ count: 1, provider_names: ["Mailbox"], empty_providers: 1 });
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
          track_opens: false,
          timezone: "Europe/Madrid",
          steps: [...steps, { template_subject: "Last", template_body: "<p>Bye</p>", delay: 60 }],
        },
        id,
      ),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    const after = (await read(owner, url(ws, id), edited.json().meta.position)).json();
    expect(after.data.attributes).toMatchObject({ has_review: true, track_opens: false, timezone: "Europe/Madrid" });
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
