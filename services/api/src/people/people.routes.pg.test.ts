import { randomUUID } from "node:crypto";
import { emptyProfile, type PersonProfile } from "@hirestream/contracts/people/profile.ts";
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
const newUser = () => signUpUser(t.app, `recruiter${++emails}@example.com`);
const occurredAt = "2026-11-22T12:00:00.000Z";

/** Puts a person in `owner`'s pool (and a workspace), as an import would; answers its id and position. */
async function addPerson(
  owner: SignedIn,
  fields: Partial<PersonProfile>,
  workspaceId: string | null = null,
): Promise<{ id: string; position: number }> {
  const id = randomUUID();
  const profile = { ...emptyProfile(), ...fields };
  const { position } = await appendEvents(
    t.store,
    `person-${id}`,
    [{ type: "PersonAdded", data: { personId: id, ownerId: owner.userId, profile, workspaceId, source: "import" } }],
    { occurredAt, actor: owner.userId, expectedRevision: "no_stream" },
  );
  return { id, position };
}

async function createWorkspace(user: SignedIn, name: string): Promise<{ id: string; position: number }> {
  const response = await t.app.inject({
    method: "POST",
    url: "/api/v1/workspaces",
    headers: { ...user.headers, "content-type": "application/json" },
    payload: JSON.stringify({ data: { type: "workspace", attributes: { name } } }),
  });
  expect(response.statusCode).toBe(201);
  return { id: response.json().data.id, position: response.json().meta.position };
}

/** Makes `user` a member of the workspace, as an accepted invitation will. */
async function join(workspaceId: string, user: SignedIn, role: "manager" | "collaborator" | "viewer") {
  return appendEvents(
    t.store,
    `workspace-${workspaceId}`,
    [{ type: "WorkspaceMemberAdded", data: { workspaceId, userId: user.userId, role } }],
    { occurredAt, actor: user.userId },
  );
}

function read(user: SignedIn, url: string, position: number) {
  return t.app.inject({ method: "GET", url, headers: { ...user.headers, "x-min-position": String(position) } });
}

function put(user: SignedIn, id: string, payload: unknown) {
  return t.app.inject({
    method: "PUT",
    url: `/api/v1/people/${id}`,
    headers: { ...user.headers, "content-type": "application/json" },
    payload: JSON.stringify(payload),
  });
}

const namesOf = (body: { data: { attributes: { first_name: string | null } }[] }) =>
  body.data.map((person) => person.attributes.first_name);

describe("GET /people (the talent pool)", () => {
  it("lists the user's own people by last name, with every field, paged with links", async () => {
    const owner = await newUser();
    const other = await newUser();
    let position = 0;
    for (const [first_name, last_name] of [
      ["Zed", "Adams"],
      ["Ann", "Brown"],
      ["Bea", "Clark"],
    ] as const) {
      ({ position } = await addPerson(owner, { first_name, last_name, email: `${first_name}@example.com` }));
    }
    ({ position } = await addPerson(other, { first_name: "Not", last_name: "Mine" }));

    const firstPage = await read(owner, "/api/v1/people?limit=10", position);
    expect(firstPage.statusCode).toBe(200);
    const body = firstPage.json();
    expect(namesOf(body)).toEqual(["Zed", "Ann", "Bea"]);
    expect(body.data[0]).toMatchObject({
      type: "person",
      attributes: { first_name: "Zed", last_name: "Adams", email: "Zed@example.com", company: null, experience: [] },
      meta: { related_workspaces: [], related_projects: [] },
    });
    expect(body.meta.pages).toEqual({ current: 1, total: 1 });
    expect(body.links.next).toBeNull();
  });

  it("sorts names naturally: Case2 before Case10, case aside", async () => {
    const owner = await newUser();
    let position = 0;
    for (const [first_name, last_name] of [
      ["b", "Case10"],
      ["c", "case2"],
      ["a", "Case2"],
      ["d", "Case1"],
    ] as const) {
      ({ position } = await addPerson(owner, { first_name, last_name }));
    }
    const listed = await read(owner, "/api/v1/people?limit=10", position);
    expect(namesOf(listed.json())).toEqual(["d", "a", "c", "b"]);
  });

  it("searches name, emails, company, title and location; every word must match", async () => {
    const owner = await newUser();
    await addPerson(owner, { first_name: "Maya", last_name: "Okafor", company: "Northwind", city: "Lagos" });
    await addPerson(owner, { first_name: "Tom", email_work: "tom@fjord.example", title: "Product Designer" });
    const { position } = await addPerson(owner, { first_name: "Lin", country: "Sweden", title: "Data engineer" });
    const search = async (text: string) =>
      namesOf((await read(owner, `/api/v1/people?search_by=${encodeURIComponent(text)}`, position)).json());

    expect(await search("okaf")).toEqual(["Maya"]);
    expect(await search("NORTHWIND lagos")).toEqual(["Maya"]);
    expect(await search("fjord")).toEqual(["Tom"]);
    expect(await search("designer")).toEqual(["Tom"]);
    expect(await search("sweden engineer")).toEqual(["Lin"]);
    expect(await search("sweden designer")).toEqual([]);
    expect(await search("100%_")).toEqual([]);
  });

  it("pages with first/prev/next/last links that work as given", async () => {
    const owner = await newUser();
    let position = 0;
    for (let n = 0; n < 12; n++)
      ({ position } = await addPerson(owner, { first_name: `P${n}`, last_name: `L${String(n).padStart(2, "0")}` }));
    const first = (await read(owner, "/api/v1/people?limit=10", position)).json();
    expect(first.data).toHaveLength(10);
    expect(first.meta.pages).toEqual({ current: 1, total: 2 });
    const second = (await read(owner, first.links.next, position)).json();
    expect(namesOf(second)).toEqual(["P10", "P11"]);
    expect(second.links.next).toBeNull();
    expect((await read(owner, first.links.last, position)).json().meta.pages.current).toBe(2);
    const past = (await read(owner, "/api/v1/people?page=9", position)).json();
    expect(past.data).toEqual([]);
    expect(past.meta.total).toBe(12);
  });

  it("refuses a limit outside 10–50 and unknown parameters", async () => {
    const owner = await newUser();
    expect((await read(owner, "/api/v1/people?limit=7", 0)).statusCode).toBe(422);
    expect((await read(owner, "/api/v1/people?sort=name", 0)).statusCode).toBe(422);
  });
});

describe("workspace people and who may see a person", () => {
  it("lists a workspace's people to its members only, and names only the viewer's workspaces", async () => {
    const owner = await newUser();
    const member = await newUser();
    const stranger = await newUser();
    const shared = await createWorkspace(owner, "Shared");
    const secret = await createWorkspace(owner, "Secret");
    await join(shared.id, member, "viewer");
    const { id, position } = await addPerson(owner, { first_name: "Ada" }, shared.id);
    await appendEvents(
      t.store,
      `person-${id}`,
      [{ type: "PersonAddedToWorkspace", data: { personId: id, workspaceId: secret.id } }],
      {
        occurredAt,
        actor: owner.userId,
      },
    );
    const { position: latest } = await addPerson(owner, { first_name: "Pool only" });

    const list = await read(member, `/api/v1/workspaces/${shared.id}/people`, Math.max(position, latest));
    expect(list.statusCode).toBe(200);
    expect(namesOf(list.json())).toEqual(["Ada"]);
    expect(list.json().data[0].meta.related_workspaces).toEqual([{ id: shared.id, name: "Shared" }]);

    const asOwner = (await read(owner, `/api/v1/people/${id}`, latest)).json();
    expect(asOwner.data.meta.related_workspaces).toEqual(
      expect.arrayContaining([
        { id: shared.id, name: "Shared" },
        { id: secret.id, name: "Secret" },
      ]),
    );
    expect((await read(member, `/api/v1/people/${id}`, latest)).statusCode).toBe(200);
    expect((await read(stranger, `/api/v1/people/${id}`, latest)).statusCode).toBe(404);
    expect((await read(stranger, `/api/v1/workspaces/${shared.id}/people`, latest)).statusCode).toBe(404);
    // The pool is the owner's: a workspace member does not see it in theirs.
    expect(namesOf((await read(member, "/api/v1/people", latest)).json())).toEqual([]);
  });

  it("lists the people of every workspace the user belongs to at /workspaces/me/people, and nobody else's", async () => {
    const owner = await newUser();
    const member = await newUser();
    const other = await newUser();
    const own = await createWorkspace(owner, "Own");
    const joined = await createWorkspace(member, "Joined");
    const foreign = await createWorkspace(other, "Foreign");
    await join(joined.id, owner, "viewer");
    await addPerson(owner, { first_name: "Ada" }, own.id);
    await addPerson(member, { first_name: "Grace" }, joined.id);
    await addPerson(other, { first_name: "Mallory" }, foreign.id);
    const { position } = await addPerson(owner, { first_name: "Pool only" });

    const list = await read(owner, "/api/v1/workspaces/me/people", position);
    expect(list.statusCode).toBe(200);
    expect(namesOf(list.json()).sort()).toEqual(["Ada", "Grace"]);
    expect(list.json().links.first).toMatch(/^\/api\/v1\/workspaces\/me\/people\?/);
    expect(namesOf((await read(other, "/api/v1/workspaces/me/people", position)).json())).toEqual(["Mallory"]);
  });

  it("answers 404 for ids that are not UUIDs or name nothing", async () => {
    const owner = await newUser();
    expect((await read(owner, "/api/v1/people/not-a-uuid", 0)).statusCode).toBe(404);
    expect((await read(owner, `/api/v1/people/${randomUUID()}`, 0)).statusCode).toBe(404);
    expect((await read(owner, `/api/v1/workspaces/${randomUUID()}/people`, 0)).statusCode).toBe(404);
  });
});

describe("PUT /people/{id}", () => {
  it("changes the fields given, flat or as a document, and answers the person with the position", async () => {
    const owner = await newUser();
    const { id, position } = await addPerson(owner, { first_name: "Maya", email: "maya@example.com" });
    await read(owner, `/api/v1/people/${id}`, position);
    const experience = [{ company: "Northwind", title: "Engineer", period: "2020–2024", jobs: [{ title: "Lead" }] }];
    const response = await put(owner, id, { data: { type: "person", id, attributes: { title: "CTO", experience } } });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.data.attributes).toMatchObject({ first_name: "Maya", title: "CTO", experience });
    const flat = await put(owner, id, { company: "  Fjord  " });
    expect(flat.statusCode).toBe(200);
    const after = (await read(owner, `/api/v1/people/${id}`, flat.json().meta.position)).json();
    expect(after.data.attributes).toMatchObject({ title: "CTO", company: "Fjord", experience });
  });

  it("lets workspace editors edit, refuses viewers, and hides the person from strangers", async () => {
    const owner = await newUser();
    const collaborator = await newUser();
    const viewer = await newUser();
    const stranger = await newUser();
    const workspace = await createWorkspace(owner, "Team");
    await join(workspace.id, collaborator, "collaborator");
    await join(workspace.id, viewer, "viewer");
    const { id, position } = await addPerson(owner, { first_name: "Ada" }, workspace.id);
    await read(owner, `/api/v1/people/${id}`, position);

    expect((await put(collaborator, id, { title: "Engineer" })).statusCode).toBe(200);
    const before = await countEvents(t.pool);
    const refused = await put(viewer, id, { title: "Nope" });
    expect(refused.statusCode).toBe(403);
    expect((await put(stranger, id, { title: "Nope" })).statusCode).toBe(404);
    expect(await countEvents(t.pool)).toBe(before);
  });

  it("refuses bad input with pointers and appends nothing", async () => {
    const owner = await newUser();
    const { id, position } = await addPerson(owner, { first_name: "Maya" });
    await read(owner, `/api/v1/people/${id}`, position);
    const before = await countEvents(t.pool);
    const tooLong = await put(owner, id, { title: "x".repeat(501) });
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().errors[0].source).toEqual({ pointer: "/data/attributes/title" });
    expect((await put(owner, id, { owner_id: randomUUID() })).statusCode).toBe(422);
    expect((await put(owner, id, { experience: [{ salary: 1 }] })).statusCode).toBe(422);
    expect((await put(owner, id, { first_name: 7 })).statusCode).toBe(422);
    expect(await countEvents(t.pool)).toBe(before);
  });

  it("appends nothing when nothing changed", async () => {
    const owner = await newUser();
    const { id, position } = await addPerson(owner, { first_name: "Maya" });
    await read(owner, `/api/v1/people/${id}`, position);
    const before = await countEvents(t.pool);
    expect((await put(owner, id, { first_name: "Maya" })).statusCode).toBe(200);
    expect(await countEvents(t.pool)).toBe(before);
  });
});
