import { randomUUID } from "node:crypto";
import { appendEvents } from "@hirestream/eventstore/testing/append-events.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { joinProject } from "../testing/memberships.ts";
import { countEvents, type SignedIn, signUpUser, startTestApp, type TestApp } from "../testing/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

let emails = 0;
const newUser = () => signUpUser(t.app, `planner${++emails}@example.com`);

function send(user: SignedIn, method: "POST" | "PUT" | "DELETE", url: string, payload?: unknown) {
  return t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...user.headers, ...(payload === undefined ? {} : { "content-type": "application/json" }) },
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });
}

function read(user: SignedIn, url: string, position = 0) {
  return t.app.inject({
    method: "GET",
    url: `/api/v1${url}`,
    headers: { ...user.headers, "x-min-position": String(position) },
  });
}

async function createWorkspace(user: SignedIn, name = "Acme"): Promise<string> {
  const response = await send(user, "POST", "/workspaces", { data: { type: "workspace", attributes: { name } } });
  expect(response.statusCode).toBe(201);
  return response.json().data.id;
}

/** Makes `user` a member of the workspace, as an accepted invitation will. */
async function join(workspaceId: string, user: SignedIn, role: "manager" | "collaborator" | "viewer") {
  const { position } = await appendEvents(
    t.store,
    `workspace-${workspaceId}`,
    [{ type: "WorkspaceMemberAdded", data: { workspaceId, userId: user.userId, role } }],
    { occurredAt: "2026-11-22T12:00:00.000Z", actor: user.userId },
  );
  return position;
}

const attributes = {
  name: "Backend hires",
  description: "Two engineers",
  priority: "High",
  status: "Active",
  start_date: "2026-12-01",
  deadline: "2027-01-31",
};

async function createProject(user: SignedIn, workspaceId: string, fields: Record<string, unknown> = {}) {
  const response = await send(user, "POST", `/workspaces/${workspaceId}/projects`, {
    data: { type: "project", attributes: { ...attributes, ...fields } },
  });
  expect(response.statusCode).toBe(201);
  return { id: response.json().data.id as string, position: response.json().meta.position as number };
}

const namesOf = (response: { json(): { data: { attributes: { name: string } }[] } }) =>
  response.json().data.map((project) => project.attributes.name);

const stats = { sourced: 0, contacted: 0, replies: 0, interested: 0, not_interested: 0, follow_up: 0, open_rate: 0 };

describe("POST /workspaces/{ws}/projects", () => {
  it("creates the project with the id the client chose, answers it, lists it and counts it", async () => {
    const owner = await newUser();
    const ws = await createWorkspace(owner);
    const id = randomUUID();
    const response = await send(owner, "POST", `/workspaces/${ws}/projects`, {
      data: { type: "project", id, attributes: { ...attributes, workflow_id: null } },
    });
    expect(response.statusCode).toBe(201);
    expect(response.headers.location).toBe(`/api/v1/workspaces/${ws}/projects/${id}`);
    const body = response.json();
    expect(body.data).toMatchObject({
      id,
      type: "project",
      attributes: { ...attributes, visible: true, workspace_id: ws, user_id: owner.userId },
      relationships: { project_users: { data: [] } },
      meta: { stats },
    });
    expect(body.meta.position).toBeGreaterThan(0);

    const shown = await read(owner, `/workspaces/${ws}/projects/${id}`, body.meta.position);
    expect(shown.statusCode).toBe(200);
    expect(shown.json().data).toEqual({
      ...body.data,
      attributes: {
        ...body.data.attributes,
        created_at: "2026-11-22T12:00:00.000Z",
        updated_at: "2026-11-22T12:00:00.000Z",
      },
    });
    expect(namesOf(await read(owner, `/workspaces/${ws}/projects`, body.meta.position))).toEqual(["Backend hires"]);
    expect((await read(owner, `/workspaces/${ws}`, body.meta.position)).json().data.attributes.projects_count).toBe(1);
  });

  it("takes flat attributes too, with only the required fields", async () => {
    const owner = await newUser();
    const ws = await createWorkspace(owner);
    const response = await send(owner, "POST", `/workspaces/${ws}/projects`, {
      name: "Lean",
      priority: "Low",
      status: "Inactive",
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().data.attributes).toMatchObject({
      name: "Lean",
      description: null,
      start_date: null,
      deadline: null,
      visible: true,
      workflow_id: null,
    });
  });

  it("refuses bad input with pointers and the spec's words, appending nothing", async () => {
    const owner = await newUser();
    const ws = await createWorkspace(owner);
    const before = await countEvents(t.pool);
    const errorsOf = async (payload: unknown) => {
      const response = await send(owner, "POST", `/workspaces/${ws}/projects`, payload);
      expect(response.statusCode).toBe(422);
      return response
        .json()
        .errors.map((error: { detail: string; source: { pointer: string } }) => [error.source.pointer, error.detail]);
    };
    expect(await errorsOf({ data: { type: "project", attributes: { description: "x" } } })).toEqual([
      ["/data/attributes/name", "This field is required"],
      ["/data/attributes/priority", "This field is required"],
      ["/data/attributes/status", "This field is required"],
    ]);
    expect(await errorsOf({ ...attributes, description: "x".repeat(101) })).toEqual([
      ["/data/attributes/description", "is too long (maximum is 100 characters)"],
    ]);
    expect(await errorsOf({ ...attributes, priority: "Urgent", status: "Archived" })).toEqual([
      ["/data/attributes/priority", "must be one of High, Medium, Low"],
      ["/data/attributes/status", "must be one of Active, Inactive"],
    ]);
    expect(await errorsOf({ ...attributes, deadline: "2026-11-30" })).toEqual([
      ["/data/attributes/deadline", "must not be before the start date"],
    ]);
    expect(await errorsOf({ ...attributes, start_date: "next week", workflow_id: "w1" })).toEqual([
      ["/data/attributes/start_date", "must be a date (YYYY-MM-DD)"],
      ["/data/attributes/workflow_id", "must be a UUID"],
    ]);
    expect(await errorsOf({ ...attributes, name: "   " })).toEqual([
      ["/data/attributes/name", "This field is required"],
    ]);
    expect(await countEvents(t.pool)).toBe(before);
  });
});

describe("roles", () => {
  it("a workspace collaborator or viewer reaches only the projects they are members of", async () => {
    const owner = await newUser();
    const viewer = await newUser();
    const collaborator = await newUser();
    const ws = await createWorkspace(owner);
    await join(ws, viewer, "viewer");
    await join(ws, collaborator, "collaborator");
    const { id, position } = await createProject(owner, ws);

    const before = await countEvents(t.pool);
    for (const outsider of [viewer, collaborator]) {
      expect(namesOf(await read(outsider, `/workspaces/${ws}/projects`, position))).toEqual([]);
      expect((await read(outsider, `/workspaces/${ws}/projects/${id}`, position)).statusCode).toBe(404);
      expect((await send(outsider, "PUT", `/workspaces/${ws}/projects/${id}`, { name: "Mine" })).statusCode).toBe(404);
      expect((await send(outsider, "DELETE", `/workspaces/${ws}/projects/${id}`)).statusCode).toBe(404);
    }
    expect(await countEvents(t.pool)).toBe(before);

    const project = { projectId: id, workspaceId: ws };
    await joinProject(t.store, project, viewer.userId, "viewer");
    const joined = await joinProject(t.store, project, collaborator.userId, "manager");
    for (const member of [viewer, collaborator]) {
      expect(namesOf(await read(member, `/workspaces/${ws}/projects`, joined))).toEqual(["Backend hires"]);
      expect((await send(member, "PUT", `/workspaces/${ws}/projects/${id}`, { name: "Mine" })).statusCode).toBe(403);
      expect((await send(member, "DELETE", `/workspaces/${ws}/projects/${id}`)).statusCode).toBe(403);
    }
    expect(await countEvents(t.pool)).toBe(before + 2);
  });

  it("a viewer creates no project; a collaborator creates one and, as its owner, manages it", async () => {
    const owner = await newUser();
    const viewer = await newUser();
    const collaborator = await newUser();
    const ws = await createWorkspace(owner);
    await join(ws, viewer, "viewer");
    await join(ws, collaborator, "collaborator");
    expect((await send(viewer, "POST", `/workspaces/${ws}/projects`, attributes)).statusCode).toBe(403);
    const own = await createProject(collaborator, ws, { name: "Collab's" });
    const renamed = await send(collaborator, "PUT", `/workspaces/${ws}/projects/${own.id}`, { name: "Renamed" });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data.attributes).toMatchObject({ name: "Renamed", user_id: collaborator.userId });
  });

  it("strangers and wrong workspaces learn nothing: 404", async () => {
    const owner = await newUser();
    const stranger = await newUser();
    const ws = await createWorkspace(owner);
    const other = await createWorkspace(owner, "Other");
    const { id, position } = await createProject(owner, ws);
    expect((await read(stranger, `/workspaces/${ws}/projects`, position)).statusCode).toBe(404);
    expect((await read(stranger, `/workspaces/${ws}/projects/${id}`, position)).statusCode).toBe(404);
    expect((await send(stranger, "PUT", `/workspaces/${ws}/projects/${id}`, { name: "x" })).statusCode).toBe(404);
    expect((await send(stranger, "POST", `/workspaces/${ws}/projects`, attributes)).statusCode).toBe(404);
    expect((await read(owner, `/workspaces/${other}/projects/${id}`, position)).statusCode).toBe(404);
    expect((await send(owner, "PUT", `/workspaces/${other}/projects/${id}`, { name: "x" })).statusCode).toBe(404);
    expect((await read(owner, `/workspaces/${ws}/projects/${randomUUID()}`, position)).statusCode).toBe(404);
    expect((await read(owner, `/workspaces/${ws}/projects/not-a-uuid`, position)).statusCode).toBe(404);
  });

  it("a hidden project is listed only for its members", async () => {
    const owner = await newUser();
    const manager = await newUser();
    const ws = await createWorkspace(owner);
    await join(ws, manager, "manager");
    const hidden = await createProject(manager, ws, { name: "Secret", visible: false });
    expect(namesOf(await read(manager, `/workspaces/${ws}/projects`, hidden.position))).toEqual(["Secret"]);
    expect(namesOf(await read(owner, `/workspaces/${ws}/projects`, hidden.position))).toEqual([]);
    expect((await read(owner, `/workspaces/${ws}/projects/${hidden.id}`, hidden.position)).statusCode).toBe(404);
  });

  it("a workspace's project count is of the projects its reader reaches", async () => {
    const owner = await newUser();
    const manager = await newUser();
    const collaborator = await newUser();
    const ws = await createWorkspace(owner);
    await join(ws, manager, "manager");
    await join(ws, collaborator, "collaborator");
    await createProject(owner, ws, { name: "Open" });
    const hidden = await createProject(manager, ws, { name: "Secret", visible: false });
    const countFor = async (user: SignedIn) => {
      const one = (await read(user, `/workspaces/${ws}`, hidden.position)).json().data.attributes.projects_count;
      const listed = (await read(user, "/workspaces", hidden.position)).json().data;
      expect(listed.map((w: { attributes: { projects_count: number } }) => w.attributes.projects_count)).toEqual([one]);
      return one;
    };
    expect(await countFor(manager)).toBe(2);
    expect(await countFor(owner)).toBe(1);
    // A collaborator of the workspace reaches only the projects they were invited to.
    expect(await countFor(collaborator)).toBe(0);
  });
});

describe("GET /workspaces/{ws}/projects", () => {
  it("`me` lists every workspace's projects; filters by status and searches; newest first", async () => {
    const owner = await newUser();
    const first = await createWorkspace(owner, "First");
    const second = await createWorkspace(owner, "Second");
    const elsewhere = await newUser();
    await createProject(elsewhere, await createWorkspace(elsewhere, "Theirs"), { name: "Not mine" });
    await createProject(owner, first, { name: "Backend" });
    t.clock.now = new Date("2026-11-22T13:00:00.000Z");
    const inactive = await createProject(owner, second, { name: "Design", status: "Inactive", description: "UX" });
    t.clock.now = new Date("2026-11-22T14:00:00.000Z");
    const old = await createProject(owner, first, { name: "Old" });
    const { position } = await send(owner, "PUT", `/workspaces/${first}/projects/${old.id}`, {
      status: "Archived",
    }).then((response) => response.json().meta);
    t.clock.now = new Date("2026-11-22T12:00:00.000Z");

    const list = (query: string) =>
      read(owner, `/workspaces/me/projects${query}`, Math.max(position, inactive.position));
    expect(namesOf(await list(""))).toEqual(["Old", "Design", "Backend"]);
    expect(namesOf(await list("?by_status[]=Active&by_status[]=Inactive"))).toEqual(["Design", "Backend"]);
    expect(namesOf(await list("?by_status[]=Archived"))).toEqual(["Old"]);
    expect(namesOf(await list("?search_by=ux"))).toEqual(["Design"]);
    expect(namesOf(await read(owner, `/workspaces/${second}/projects`, position))).toEqual(["Design"]);
    const paged = await list("?limit=10&by_status[]=Inactive");
    expect(paged.json().meta).toEqual({ pages: { current: 1, total: 1 }, total: 1 });
    expect(paged.json().links.self).toBe("/api/v1/workspaces/me/projects?by_status%5B%5D=Inactive&limit=10&page=1");
    expect((await list("?by_status[]=Done")).statusCode).toBe(422);
    expect((await list("?limit=7")).statusCode).toBe(422);
  });
});

describe("`me` as the workspace of one project", () => {
  it("reads, updates and removes the project through whichever of the user's workspaces it is in", async () => {
    const owner = await newUser();
    await createWorkspace(owner, "First");
    const second = await createWorkspace(owner, "Second");
    const { id, position } = await createProject(owner, second);
    const url = `/workspaces/me/projects/${id}`;

    const shown = await read(owner, url, position);
    expect(shown.statusCode).toBe(200);
    expect(shown.json().data).toMatchObject({ id, attributes: { name: "Backend hires", workspace_id: second } });

    const updated = await send(owner, "PUT", url, { name: "Renamed through me" });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data.attributes).toMatchObject({ name: "Renamed through me", workspace_id: second });
    const renamed = await read(owner, `/workspaces/${second}/projects/${id}`, updated.json().meta.position);
    expect(renamed.json().data.attributes.name).toBe("Renamed through me");

    const removed = await send(owner, "DELETE", url);
    expect(removed.statusCode).toBe(200);
    expect((await read(owner, url, removed.json().meta.position)).statusCode).toBe(404);
    expect((await send(owner, "DELETE", url)).statusCode).toBe(404);
  });

  it("knows no project of a stranger's workspace, another member's hidden one, or none at all: 404", async () => {
    const owner = await newUser();
    const member = await newUser();
    const stranger = await newUser();
    const ws = await createWorkspace(owner);
    await join(ws, member, "manager");
    const shared = await createProject(owner, ws);
    const hidden = await createProject(owner, ws, { name: "Secret", visible: false });
    const position = Math.max(shared.position, hidden.position);
    const before = await countEvents(t.pool);

    expect((await read(stranger, `/workspaces/me/projects/${shared.id}`, position)).statusCode).toBe(404);
    expect((await send(stranger, "PUT", `/workspaces/me/projects/${shared.id}`, { name: "x" })).statusCode).toBe(404);
    expect((await send(stranger, "DELETE", `/workspaces/me/projects/${shared.id}`)).statusCode).toBe(404);
    expect((await read(member, `/workspaces/me/projects/${hidden.id}`, position)).statusCode).toBe(404);
    expect((await send(member, "PUT", `/workspaces/me/projects/${hidden.id}`, { name: "x" })).statusCode).toBe(404);
    expect((await send(member, "DELETE", `/workspaces/me/projects/${hidden.id}`)).statusCode).toBe(404);
    expect((await read(owner, `/workspaces/me/projects/${randomUUID()}`, position)).statusCode).toBe(404);
    expect((await send(owner, "PUT", `/workspaces/me/projects/${randomUUID()}`, { name: "x" })).statusCode).toBe(404);
    expect((await send(owner, "POST", "/workspaces/me/projects", attributes)).statusCode).toBe(404);
    expect(await countEvents(t.pool)).toBe(before);

    expect((await read(member, `/workspaces/me/projects/${shared.id}`, position)).statusCode).toBe(200);
  });
});

describe("PUT and DELETE /workspaces/{ws}/projects/{id}", () => {
  it("updates, flips the status, archives; an archived project is read-only but can be removed", async () => {
    const owner = await newUser();
    const ws = await createWorkspace(owner);
    const { id } = await createProject(owner, ws);
    const url = `/workspaces/${ws}/projects/${id}`;

    const updated = await send(owner, "PUT", url, {
      data: { type: "project", id, attributes: { description: "Three engineers", status: "Inactive", deadline: null } },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data.attributes).toMatchObject({
      description: "Three engineers",
      status: "Inactive",
      deadline: null,
    });
    const unchanged = await send(owner, "PUT", url, { description: "Three engineers" });
    expect(unchanged.json().meta.position).toBe(0);

    expect((await send(owner, "PUT", url, { status: "Archived" })).json().data.attributes.status).toBe("Archived");
    const before = await countEvents(t.pool);
    for (const change of [{ name: "Again" }, { status: "Active" }]) {
      const refused = await send(owner, "PUT", url, change);
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors[0]).toMatchObject({ code: "VALIDATION", detail: "Archived projects: no editing" });
    }
    expect(await countEvents(t.pool)).toBe(before);

    const removed = await send(owner, "DELETE", url);
    expect(removed.statusCode).toBe(200);
    const position = removed.json().meta.position;
    expect((await read(owner, url, position)).statusCode).toBe(404);
    expect((await read(owner, `/workspaces/${ws}`, position)).json().data.attributes.projects_count).toBe(0);
    expect((await send(owner, "DELETE", url)).statusCode).toBe(404);
  });

  it("refuses a body id that is not the URL's and bad attributes", async () => {
    const owner = await newUser();
    const ws = await createWorkspace(owner);
    const { id } = await createProject(owner, ws);
    const url = `/workspaces/${ws}/projects/${id}`;
    const other = await send(owner, "PUT", url, { data: { type: "project", id: randomUUID(), attributes: {} } });
    expect(other.statusCode).toBe(409);
    const bad = await send(owner, "PUT", url, { deadline: "2026-01-01" });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors[0]).toMatchObject({
      detail: "must not be before the start date",
      source: { pointer: "/data/attributes/deadline" },
    });
  });
});
