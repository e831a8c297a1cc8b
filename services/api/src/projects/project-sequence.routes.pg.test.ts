import { randomUUID } from "node:crypto";
import { parseTemplateSequence } from "@hirestream/contracts/projects/project-sequence.ts";
import { workflowCopyIdOf } from "@hirestream/contracts/workflows/copy-ids.ts";
import { scopedId } from "@hirestream/eventstore/event-id.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sequenceKit } from "../sequences/testing/sequence-kit.ts";
import { countEvents, type SignedIn, startTestApp, type TestApp } from "../testing/test-app.ts";
import { createOwnSequence } from "./project-sequence.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const { newUser, createWorkspace, createSequence, send, read, join } = sequenceKit(() => t, "templateseq");
const api = (path: string) => `/api/v1${path}`;

interface StageDocument {
  id: string;
  attributes: { name: string; position: number; sequence_id: string | null };
}

/** A template whose second stage starts the sequence. */
async function createTemplate(user: SignedIn, ws: string, sequenceId: string | null) {
  const response = await send(user, "POST", api(`/workspaces/${ws}/workflows`), {
    name: "Engineering",
    stages_attributes: [
      { position: 0, name: "Sourced" },
      { position: 1, name: "Contacted", ...(sequenceId ? { sequence_id: sequenceId } : {}) },
      { position: 2, name: "Interview" },
    ],
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id as string;
}

/** A workspace with a sequence and a template whose stage Contacted starts it. */
async function setUp() {
  const owner = await newUser();
  const ws = await createWorkspace(owner);
  const sequence = await createSequence(owner, ws);
  const templateId = await createTemplate(owner, ws, sequence.id);
  return { owner, ws, templateSequenceId: sequence.id, templateId };
}

/** The Edit Template Sequence copy: the template's fields as the modal sends them back, edited. */
const editedAttributes = (fields: Record<string, unknown> = {}) => ({
  name: "Outreach for backend",
  has_review: true,
  payload_fields: { customs: [{ name: "pitch", type: "Text area" }] },
  steps_attributes: [
    { position: 1, template_subject: "Hello {{first_name}}", template_body: "<p>Backend at {{project_title}}</p>" },
    { position: 2, template_subject: "Again", template_body: "<p>{{pitch}}</p>", delay: 2880 },
  ],
  ...fields,
});

const projectBody = (templateId: string, sequence?: unknown, id?: string) => ({
  data: {
    type: "project",
    ...(id ? { id } : {}),
    attributes: { name: "Backend hires", priority: "High", status: "Active", workflow_id: templateId },
    ...(sequence === undefined ? {} : { relationships: { sequence } }),
  },
});

const createProject = (user: SignedIn, ws: string, body: unknown, key?: string) =>
  t.app.inject({
    method: "POST",
    url: api(`/workspaces/${ws}/projects`),
    headers: { ...user.headers, "content-type": "application/json", ...(key ? { "idempotency-key": key } : {}) },
    payload: JSON.stringify(body),
  });

async function copyStages(user: SignedIn, ws: string, projectId: string, templateId: string, position: number) {
  const copy = await read(
    user,
    api(`/workspaces/${ws}/workflows/${workflowCopyIdOf(projectId, templateId)}`),
    position,
  );
  expect(copy.statusCode, copy.body).toBe(200);
  return (copy.json().included as StageDocument[]).map((stage) => [
    stage.attributes.name,
    stage.attributes.sequence_id,
  ]);
}

async function sequenceNames(user: SignedIn, ws: string, position = 0) {
  const list = await read(user, api(`/workspaces/${ws}/sequences?limit=9999`), position);
  return (list.json().data as { attributes: { name: string } }[]).map((sequence) => sequence.attributes.name).sort();
}

const errorOf = (response: { json(): { errors: { detail: string; source?: { pointer?: string } }[] } }) => {
  const [error] = response.json().errors;
  return { detail: error?.detail, pointer: error?.source?.pointer };
};

describe("POST /workspaces/{ws}/projects with the template sequence", () => {
  it("with an edited template, makes the project's own sequence, which the project's stage starts instead", async () => {
    const { owner, ws, templateSequenceId, templateId } = await setUp();
    const sequenceId = randomUUID();
    const response = await createProject(
      owner,
      ws,
      projectBody(templateId, { data: { type: "sequence", id: sequenceId, attributes: editedAttributes() } }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(body.data.relationships.sequence).toEqual({ data: { type: "sequence", id: sequenceId } });
    expect(body.included[0]).toMatchObject({
      id: sequenceId,
      type: "sequence",
      attributes: { name: "Outreach for backend", has_review: true, has_write: true, workspace_id: ws },
    });
    const { position } = body.meta;

    expect(await copyStages(owner, ws, body.data.id, templateId, position)).toEqual([
      ["Sourced", null],
      ["Contacted", sequenceId],
      ["Interview", null],
    ]);
    const own = await read(owner, api(`/workspaces/${ws}/sequences/${sequenceId}`), position);
    expect(own.statusCode).toBe(200);
    expect(
      own
        .json()
        .included.map((step: { attributes: Record<string, unknown> }) => [
          step.attributes.template_subject,
          step.attributes.delay,
        ]),
    ).toEqual([
      ["Hello {{first_name}}", 0],
      ["Again", 2880],
    ]);
    // The template and its sequence stay as they were.
    const template = await read(owner, api(`/workspaces/${ws}/workflows/${templateId}`), position);
    expect(template.json().included.map((stage: StageDocument) => stage.attributes.sequence_id)).toEqual([
      null,
      templateSequenceId,
      null,
    ]);
    expect(await sequenceNames(owner, ws, position)).toEqual(["Outreach", "Outreach for backend"]);
  });

  it("with the template used as it is, keeps the workflow's sequence and makes none", async () => {
    const { owner, ws, templateSequenceId, templateId } = await setUp();
    const response = await createProject(
      owner,
      ws,
      projectBody(templateId, { data: { type: "sequence", id: templateSequenceId } }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(body.data.relationships.sequence).toEqual({ data: { type: "sequence", id: templateSequenceId } });
    expect(body.included).toBeUndefined();
    expect(await copyStages(owner, ws, body.data.id, templateId, body.meta.position)).toEqual([
      ["Sourced", null],
      ["Contacted", templateSequenceId],
      ["Interview", null],
    ]);
    expect(await sequenceNames(owner, ws, body.meta.position)).toEqual(["Outreach"]);
  });

  it("without the relationship, the project's stage starts the workflow's sequence", async () => {
    const { owner, ws, templateSequenceId, templateId } = await setUp();
    const response = await createProject(owner, ws, projectBody(templateId));
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data.relationships.sequence).toBeUndefined();
    const stages = await copyStages(owner, ws, response.json().data.id, templateId, response.json().meta.position);
    expect(stages[1]).toEqual(["Contacted", templateSequenceId]);
  });

  it("refuses an edited template as POST …/sequences would, pointing into the relationship, and makes nothing", async () => {
    const { owner, ws, templateId } = await setUp();
    const before = await countEvents(t.pool);
    const cases: [Record<string, unknown>, string, string][] = [
      [
        editedAttributes({ steps_attributes: [{ template_subject: " ", template_body: "<p>Hi</p>" }] }),
        "/steps_attributes/0/template_subject",
        "This field is required",
      ],
      [
        editedAttributes({ steps_attributes: [{ template_subject: "Hi", template_body: "<p></p>" }] }),
        "/steps_attributes/0/template_body",
        "This field is required",
      ],
      [editedAttributes({ name: "" }), "/name", "This field is required"],
      [editedAttributes({ steps_attributes: undefined }), "/steps_attributes", "This field is required"],
      [
        editedAttributes({ payload_fields: { customs: [] } }),
        "/steps_attributes/1/template_body",
        "uses an unknown variable: {{pitch}}",
      ],
      [editedAttributes({ timezone: "Mars/Olympus" }), "/timezone", "must be a time zone of the list"],
      [editedAttributes({ workspace_id: randomUUID() }), "/workspace_id", "must be the workspace in the URL"],
      [
        editedAttributes({ steps: [{ template_subject: "Hi", template_body: "<p>Hi</p>" }] }),
        "/steps",
        "is not a known attribute",
      ],
    ];
    for (const [attributes, pointer, detail] of cases) {
      const refused = await createProject(
        owner,
        ws,
        projectBody(templateId, { data: { type: "sequence", attributes } }, randomUUID()),
      );
      expect(refused.statusCode, pointer).toBe(422);
      expect(errorOf(refused)).toEqual({
        detail,
        pointer: `/data/relationships/sequence/data/attributes${pointer}`,
      });
    }
    expect(await countEvents(t.pool)).toBe(before);
    const projects = await read(owner, api(`/workspaces/${ws}/projects`));
    expect(projects.json().data).toEqual([]);
  });

  it("answers a repeated Idempotency-Key with the first answer and makes one project and one sequence", async () => {
    const { owner, ws, templateId } = await setUp();
    const key = randomUUID();
    const body = projectBody(templateId, { data: { type: "sequence", attributes: editedAttributes() } });
    const first = await createProject(owner, ws, body, key);
    expect(first.statusCode, first.body).toBe(201);
    const events = await countEvents(t.pool);
    const again = await createProject(owner, ws, body, key);
    expect(again.statusCode).toBe(201);
    expect(again.body).toBe(first.body);
    expect(await countEvents(t.pool)).toBe(events);
    const { position } = first.json().meta;
    expect(await sequenceNames(owner, ws, position)).toEqual(["Outreach", "Outreach for backend"]);
    expect((await read(owner, api(`/workspaces/${ws}/projects`), position)).json().data).toHaveLength(1);
  });

  it("sent again with its key after its first answer was lost, ends as the first did and adds nothing", async () => {
    const { owner, ws, templateId } = await setUp();
    const key = randomUUID();
    const projectId = randomUUID();
    const body = projectBody(templateId, { data: { type: "sequence", attributes: editedAttributes() } }, projectId);
    const first = await createProject(owner, ws, body, key);
    expect(first.statusCode, first.body).toBe(201);
    // As if the first answer was never stored: the same key runs the request again.
    await t.pool.query("delete from idempotency_keys");
    const again = await createProject(owner, ws, body, key);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().data.relationships).toEqual(first.json().data.relationships);
    expect(await sequenceNames(owner, ws, again.json().meta.position)).toEqual(["Outreach", "Outreach for backend"]);
  });

  it("finishes a request cut short after its sequence was made, when it is sent again with its key", async () => {
    const { owner, ws, templateSequenceId, templateId } = await setUp();
    const key = randomUUID();
    // What the first attempt got done before it died: the sequence, under the ids its key derives.
    const commandId = scopedId(owner.userId, key);
    const parsed = parseTemplateSequence(editedAttributes());
    if (!parsed.success) throw parsed.error;
    const sequenceId = scopedId(commandId, "template-sequence");
    const deps = { ...t, clock: () => t.clock.now, appUrl: "http://localhost:3000" };
    const ownSequence = { replaces: templateSequenceId, sequenceId };
    await createOwnSequence(
      deps,
      ws,
      { kind: "edited", ownSequence, attributes: parsed.data },
      commandId,
      owner.userId,
    );
    const events = await countEvents(t.pool);

    const body = projectBody(templateId, { data: { type: "sequence", attributes: editedAttributes() } });
    const again = await createProject(owner, ws, body, key);
    expect(again.statusCode, again.body).toBe(201);
    // The project and its copy only: ProjectCreated, ProjectWorkflowAssigned, WorkflowCreated.
    expect(await countEvents(t.pool)).toBe(events + 3);
    const { position } = again.json().meta;
    expect(await sequenceNames(owner, ws, position)).toEqual(["Outreach", "Outreach for backend"]);
    const stages = await copyStages(owner, ws, again.json().data.id, templateId, position);
    expect(stages[1]).toEqual(["Contacted", sequenceId]);
  });

  it("refuses another workspace's sequence, and a step sending from another workspace's credential", async () => {
    const { owner, ws, templateId } = await setUp();
    const elsewhere = await createWorkspace(owner);
    const foreign = await createSequence(owner, elsewhere);
    const named = await createProject(
      owner,
      ws,
      projectBody(templateId, { data: { type: "sequence", id: foreign.id } }),
    );
    expect(named.statusCode).toBe(422);
    expect(errorOf(named)).toEqual({
      detail: "must be the sequence the workflow's stages start, or an edited copy of it",
      pointer: "/data/relationships/sequence/data/id",
    });
    const mailbox = await send(owner, "POST", api(`/workspaces/${elsewhere}/providers`), {
      provider_type: "local",
      name: "Elsewhere",
      email: "elsewhere@example.com",
    });
    expect(mailbox.statusCode, mailbox.body).toBe(201);
    const steps = [{ template_subject: "Hi", template_body: "<p>Hi</p>", provider_id: mailbox.json().data.id }];
    const borrowed = await createProject(
      owner,
      ws,
      projectBody(templateId, {
        data: { type: "sequence", attributes: editedAttributes({ steps_attributes: steps }) },
      }),
    );
    expect(borrowed.statusCode).toBe(422);
    expect(errorOf(borrowed)).toEqual({
      detail: "must be a credential of this workspace",
      pointer: "/data/relationships/sequence/data/attributes/steps_attributes/0/provider_id",
    });
    // A stranger's request names nothing of the workspace: 404, and nothing made.
    const stranger = await newUser();
    const before = await countEvents(t.pool);
    const refused = await createProject(
      stranger,
      ws,
      projectBody(templateId, { data: { type: "sequence", attributes: editedAttributes() } }),
    );
    expect(refused.statusCode).toBe(404);
    const withoutWorkflow = await createProject(stranger, ws, {
      data: {
        ...projectBody(templateId).data,
        attributes: { name: "Backend hires", priority: "High", status: "Active" },
        relationships: { sequence: { data: { type: "sequence", attributes: editedAttributes() } } },
      },
    });
    expect(withoutWorkflow.statusCode).toBe(404);
    expect(await countEvents(t.pool)).toBe(before);
    expect(await sequenceNames(owner, ws)).toEqual(["Outreach"]);
  });

  it("refuses a sequence for a workflow whose stages start none", async () => {
    const owner = await newUser();
    const ws = await createWorkspace(owner);
    const plain = await createTemplate(owner, ws, null);
    const none = await createProject(
      owner,
      ws,
      projectBody(plain, { data: { type: "sequence", attributes: editedAttributes() } }),
    );
    expect(none.statusCode).toBe(422);
    expect(errorOf(none)).toEqual({
      detail: "the workflow has no stage that starts a sequence",
      pointer: "/data/relationships/sequence",
    });
  });

  it("makes no sequence when the project is refused: an id already taken, a viewer", async () => {
    const { owner, ws, templateId } = await setUp();
    const taken = await createProject(owner, ws, projectBody(templateId));
    expect(taken.statusCode).toBe(201);
    const before = await countEvents(t.pool);
    const edited = { data: { type: "sequence", attributes: editedAttributes() } };
    const again = await createProject(owner, ws, projectBody(templateId, edited, taken.json().data.id));
    expect(again.statusCode).toBe(409);
    expect(await countEvents(t.pool)).toBe(before);
    const viewer = await newUser();
    await join(ws, viewer, "viewer");
    const byViewer = await createProject(viewer, ws, projectBody(templateId, edited));
    expect(byViewer.statusCode).toBe(403);
    expect(await sequenceNames(owner, ws)).toEqual(["Outreach"]);
  });
});
