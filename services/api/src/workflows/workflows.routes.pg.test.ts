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
const newUser = () => signUpUser(t.app, `flow${++emails}@example.com`);

async function createWorkspace(user: SignedIn): Promise<string> {
  const response = await send(user, "POST", "/api/v1/workspaces", {
    data: { type: "workspace", attributes: { name: "Hiring" } },
  });
  expect(response.statusCode).toBe(201);
  return response.json().data.id;
}

/** Makes `user` a member of the workspace, as an accepted invitation will. */
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

function read(user: SignedIn, url: string, position: number) {
  return t.app.inject({ method: "GET", url, headers: { ...user.headers, "x-min-position": String(position) } });
}

const threeStages = [
  { position: 0, name: "Sourced", description: "Sourced" },
  { position: 1, name: "Contacted", description: "Contacted" },
  { position: 2, name: "Interview", description: "Interview" },
];
const workflowBody = (attributes: Record<string, unknown> = {}, id?: string) => ({
  data: {
    type: "workflow",
    ...(id ? { id } : {}),
    attributes: { name: "Engineering", description: "Hiring engineers", stages_attributes: threeStages, ...attributes },
  },
});
const url = (workspaceId: string, workflowId?: string) =>
  `/api/v1/workspaces/${workspaceId}/workflows${workflowId ? `/${workflowId}` : ""}`;

describe("POST and GET /workspaces/{ws}/workflows", () => {
  it("creates a template with the client's id; GET answers it with its stages in included", async () => {
    const owner = await newUser();
    const ws = await createWorkspace(owner);
    const id = randomUUID();
    const created = await send(owner, "POST", url(ws), workflowBody({}, id));
    expect(created.statusCode).toBe(201);
    const body = created.json();
    expect(body.data).toMatchObject({
      id,
      type: "workflow",
      attributes: { workflow_id: id, name: "Engineering", assigned_to: "template", project_id: null, workspace_id: ws },
    });
    expect(body.meta.position).toBeGreaterThan(0);
    expect(body.included.map((stage: { attributes: { name: string } }) => stage.attributes.name)).toEqual([
      "Sourced",
      "Contacted",
      "Interview",
    ]);

    const shown = await read(owner, url(ws, id), body.meta.position);
    expect(shown.statusCode).toBe(200);
    const document = shown.json();
    expect(document.data.relationships.stages.data).toHaveLength(3);
    expect(document.included[1]).toMatchObject({
      type: "stage",
      attributes: { name: "Contacted", position: 1, sequence_id: null, on_response_stage_position: null },
    });
    expect(document.data.relationships.stages.data.map((s: { id: string }) => s.id)).toEqual(
      document.included.map((s: { id: string }) => s.id),
    );
  });

  it("takes a flat body, and its follow-up stage by position", async () => {
    const owner = await newUser();
    const ws = await createWorkspace(owner);
    const stages = [{ ...threeStages[0], on_response_stage_position: 2 }, threeStages[1], threeStages[2]];
    const created = await send(owner, "POST", url(ws), { name: "Flat", stages_attributes: stages });
    expect(created.statusCode).toBe(201);
    const [first, , last] = created.json().included;
    expect(first.attributes).toMatchObject({
      on_response_stage_id: last.id,
      on_response_stage: "Interview",
      on_response_stage_position: 2,
    });
  });

  it("lists the workspace's templates; assigned_to=project lists only projects' copies", async () => {
    const owner = await newUser();
    const ws = await createWorkspace(owner);
    await send(owner, "POST", url(ws), workflowBody({ name: "First" }));
    const second = await send(owner, "POST", url(ws), workflowBody({ name: "Second" }));
    const position = second.json().meta.position;

    const list = await read(owner, `${url(ws)}?assigned_to=template&by_status[]=Active&by_status[]=Inactive`, position);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((w: { attributes: { name: string } }) => w.attributes.name)).toEqual([
      "First",
      "Second",
    ]);
    expect(list.json().included).toHaveLength(6);
    const projects = await read(owner, `${url(ws)}?assigned_to=project&by_status[]=Archived`, position);
    expect(projects.json().data).toEqual([]);
    const bad = await read(owner, `${url(ws)}?assigned_to=everything`, position);
    expect(bad.statusCode).toBe(422);
  });

  it("another workspace's workflow, an unknown id and a stranger's look are all 404", async () => {
    const owner = await newUser();
    const stranger = await newUser();
    const ws = await createWorkspace(owner);
    const theirs = await createWorkspace(stranger);
    const created = await send(owner, "POST", url(ws), workflowBody());
    const { id } = created.json().data;
    const position = created.json().meta.position;
    expect((await read(owner, url(theirs, id), position)).statusCode).toBe(404);
    expect((await read(owner, url(ws, randomUUID()), position)).statusCode).toBe(404);
    expect((await read(owner, url(ws, "not-a-uuid"), position)).statusCode).toBe(404);
    expect((await read(stranger, url(ws, id), position)).statusCode).toBe(404);
    expect((await read(stranger, url(ws), position)).statusCode).toBe(404);
    const before = await countEvents(t.pool);
    expect((await send(stranger, "PUT", url(ws, id), { name: "Mine" })).statusCode).toBe(404);
    expect((await send(stranger, "DELETE", url(ws, id))).statusCode).toBe(404);
    expect((await send(stranger, "POST", url(ws), workflowBody())).statusCode).toBe(404);
    expect((await send(owner, "PUT", url(theirs, id), { name: "Moved" })).statusCode).toBe(404);
    expect(await countEvents(t.pool)).toBe(before);
  });
});

describe("validation", () => {
  const cases: [string, Record<string, unknown>, string, string][] = [
    ["a missing name", { name: undefined }, "/data/attributes/name", "This field is required"],
    ["a blank name", { name: "  " }, "/data/attributes/name", "This field is required"],
    [
      "a 51-character name",
      { name: "n".repeat(51) },
      "/data/attributes/name",
      "is too long (maximum is 50 characters)",
    ],
    [
      "two stages",
      { stages_attributes: threeStages.slice(0, 2) },
      "/data/attributes/stages_attributes",
      "must have at least 3 stages",
    ],
    [
      "a blank stage name",
      { stages_attributes: [threeStages[0], { position: 1, name: "" }, threeStages[2]] },
      "/data/attributes/stages_attributes/1/name",
      "This field is required",
    ],
    [
      "a missing stage name",
      { stages_attributes: [threeStages[0], threeStages[1], { position: 2 }] },
      "/data/attributes/stages_attributes/2/name",
      "This field is required",
    ],
    [
      "a 41-character stage name",
      { stages_attributes: [{ position: 0, name: "s".repeat(41) }, threeStages[1], threeStages[2]] },
      "/data/attributes/stages_attributes/0/name",
      "is too long (maximum is 40 characters)",
    ],
    [
      "a follow-up to no stage",
      { stages_attributes: [threeStages[0], { ...threeStages[1], on_response_stage_position: 7 }, threeStages[2]] },
      "/data/attributes/stages_attributes/1/on_response_stage_position",
      "must name another stage of this workflow",
    ],
    ["an unknown attribute", { colour: "red" }, "/data/attributes/colour", "is not a known attribute"],
  ];
  for (const [label, attributes, pointer, detail] of cases) {
    it(`${label} is 422 at ${pointer}, and nothing is appended`, async () => {
      const owner = await newUser();
      const ws = await createWorkspace(owner);
      const before = await countEvents(t.pool);
      const response = await send(owner, "POST", url(ws), workflowBody(attributes));
      expect(response.statusCode).toBe(422);
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

describe("PUT and DELETE /workspaces/{ws}/workflows/{id}", () => {
  it("renames, keeps the stages sent with their ids (renamed, moved) and adds new ones", async () => {
    const owner = await newUser();
    const ws = await createWorkspace(owner);
    const created = (await send(owner, "POST", url(ws), workflowBody())).json();
    const [sourced, contacted, interview] = created.included;
    const updated = await send(owner, "PUT", url(ws, created.data.id), {
      data: {
        type: "workflow",
        id: created.data.id,
        attributes: {
          name: "Engineering II",
          stages_attributes: [
            { id: interview.id, position: 0, name: "Interview" },
            { id: sourced.id, position: 1, name: "Sourced" },
            { id: contacted.id, position: 2, name: "Phone screen" },
            { position: 3, name: "Offer" },
          ],
        },
      },
    });
    expect(updated.statusCode).toBe(200);
    const body = updated.json();
    expect(body.data.attributes.name).toBe("Engineering II");
    expect(
      body.included.map((s: { id: string; attributes: { position: number } }) => [s.id, s.attributes.position]),
    ).toEqual([
      [interview.id, 0],
      [sourced.id, 1],
      [contacted.id, 2],
      [expect.any(String), 3],
    ]);
    const shown = await read(owner, url(ws, created.data.id), body.meta.position);
    expect(shown.json().included.map((s: { attributes: { name: string } }) => s.attributes.name)).toEqual([
      "Interview",
      "Sourced",
      "Phone screen",
      "Offer",
    ]);
  });

  it("a saved stage may not be removed: 422 at the stage list, whichever name it was sent under", async () => {
    const owner = await newUser();
    const ws = await createWorkspace(owner);
    const created = (await send(owner, "POST", url(ws), workflowBody())).json();
    const [sourced, , interview] = created.included;
    const withoutContacted = [
      { id: sourced.id, position: 0, name: "Sourced" },
      { id: interview.id, position: 1, name: "Interview" },
      { position: 2, name: "Offer" },
    ];
    const before = await countEvents(t.pool);
    for (const [name, pointer] of [
      ["stages_attributes", "/data/attributes/stages_attributes"],
      ["stages", "/data/attributes/stages"],
    ] as const) {
      const refused = await send(owner, "PUT", url(ws, created.data.id), { [name]: withoutContacted });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors[0]).toMatchObject({
        code: "VALIDATION",
        detail: "Stage Contacted is saved and cannot be removed",
        source: { pointer },
      });
    }
    // A list sent without ids names new stages only, so every saved one would go.
    const anonymous = await send(owner, "PUT", url(ws, created.data.id), { stages: threeStages });
    expect(anonymous.statusCode).toBe(422);
    expect(await countEvents(t.pool)).toBe(before);
  });

  it("the spec's client sends `stages`; errors point there", async () => {
    const owner = await newUser();
    const ws = await createWorkspace(owner);
    const created = (await send(owner, "POST", url(ws), workflowBody())).json();
    const before = await countEvents(t.pool);
    const response = await send(owner, "PUT", url(ws, created.data.id), {
      name: "Engineering",
      stages: [threeStages[0], threeStages[1], { position: 2, name: "x".repeat(41) }],
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[0].source.pointer).toBe("/data/attributes/stages/2/name");
    expect(await countEvents(t.pool)).toBe(before);
    const ok = await send(owner, "PUT", url(ws, created.data.id), {
      stages: created.included.map((s: { id: string; attributes: { name: string; position: number } }) => ({
        id: s.id,
        name: s.attributes.name,
        position: s.attributes.position,
      })),
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().meta.position).toBe(0);
  });

  it("removes the workflow; afterwards it is not found", async () => {
    const owner = await newUser();
    const ws = await createWorkspace(owner);
    const created = (await send(owner, "POST", url(ws), workflowBody())).json();
    const removed = await send(owner, "DELETE", url(ws, created.data.id));
    expect(removed.statusCode).toBe(200);
    const position = removed.json().meta.position;
    expect(position).toBeGreaterThan(0);
    expect((await read(owner, url(ws, created.data.id), position)).statusCode).toBe(404);
    expect((await read(owner, url(ws), position)).json().data).toEqual([]);
    expect((await send(owner, "DELETE", url(ws, created.data.id))).statusCode).toBe(404);
  });
});

describe("roles", () => {
  it("a viewer reads workflows but may not create, edit or remove them (403, nothing appended)", async () => {
    const owner = await newUser();
    const viewer = await newUser();
    const ws = await createWorkspace(owner);
    const created = (await send(owner, "POST", url(ws), workflowBody())).json();
    const { position } = await join(ws, viewer, "viewer");
    expect((await read(viewer, url(ws, created.data.id), position)).statusCode).toBe(200);
    const before = await countEvents(t.pool);
    for (const response of [
      await send(viewer, "POST", url(ws), workflowBody()),
      await send(viewer, "PUT", url(ws, created.data.id), { name: "Viewer's" }),
      await send(viewer, "DELETE", url(ws, created.data.id)),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().errors[0].code).toBe("FORBIDDEN");
    }
    expect(await countEvents(t.pool)).toBe(before);
  });

  it("a collaborator creates workflows, and edits and removes the ones they created", async () => {
    const owner = await newUser();
    const collaborator = await newUser();
    const ws = await createWorkspace(owner);
    await join(ws, collaborator, "collaborator");
    const created = await send(collaborator, "POST", url(ws), workflowBody());
    expect(created.statusCode).toBe(201);
    expect(created.json().data.attributes.user_id).toBe(collaborator.userId);
    const id = created.json().data.id;
    expect((await send(collaborator, "PUT", url(ws, id), { description: "Changed" })).statusCode).toBe(200);
    expect((await send(collaborator, "DELETE", url(ws, id))).statusCode).toBe(200);
  });

  it("a collaborator may not edit or remove someone else's workflow (403, nothing appended)", async () => {
    const owner = await newUser();
    const collaborator = await newUser();
    const ws = await createWorkspace(owner);
    await join(ws, collaborator, "collaborator");
    const id = (await send(owner, "POST", url(ws), workflowBody())).json().data.id;
    const before = await countEvents(t.pool);
    for (const response of [
      await send(collaborator, "PUT", url(ws, id), { name: "Mine now" }),
      await send(collaborator, "DELETE", url(ws, id)),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().errors[0]).toMatchObject({
        code: "FORBIDDEN",
        detail: "Your role does not allow changing this workflow",
      });
    }
    expect(await countEvents(t.pool)).toBe(before);
  });

  it("a manager edits and removes anyone's workflow", async () => {
    const owner = await newUser();
    const collaborator = await newUser();
    const manager = await newUser();
    const ws = await createWorkspace(owner);
    await join(ws, collaborator, "collaborator");
    await join(ws, manager, "manager");
    const id = (await send(collaborator, "POST", url(ws), workflowBody())).json().data.id;
    expect((await send(manager, "PUT", url(ws, id), { name: "Managed" })).statusCode).toBe(200);
    expect((await send(manager, "DELETE", url(ws, id))).statusCode).toBe(200);
  });
});
