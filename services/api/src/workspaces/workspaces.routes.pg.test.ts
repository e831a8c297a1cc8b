import { randomUUID } from "node:crypto";
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
const newUser = () => signUpUser(t.app, `member${++emails}@example.com`);

const document = (attributes: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  data: { type: "workspace", ...extra, attributes },
});

const jsonHeaders = (user: SignedIn) => ({ ...user.headers, "content-type": "application/json" });

function post(user: SignedIn, payload: unknown) {
  return t.app.inject({
    method: "POST",
    url: "/api/v1/workspaces",
    headers: jsonHeaders(user),
    payload: JSON.stringify(payload),
  });
}

/** Creates a workspace and answers its id and the position to read it at. */
async function create(user: SignedIn, name: string): Promise<{ id: string; position: number }> {
  const response = await post(user, document({ name }));
  expect(response.statusCode).toBe(201);
  const body = response.json();
  return { id: body.data.id, position: body.meta.position };
}

/** A read that waits until read models hold `position`, so it sees the writes before it. */
function read(user: SignedIn, url: string, position: number) {
  return t.app.inject({ method: "GET", url, headers: { ...user.headers, "x-min-position": String(position) } });
}

function put(user: SignedIn, id: string, payload: unknown) {
  return t.app.inject({
    method: "PUT",
    url: `/api/v1/workspaces/${id}`,
    headers: jsonHeaders(user),
    payload: JSON.stringify(payload),
  });
}

function remove(user: SignedIn, id: string) {
  return t.app.inject({ method: "DELETE", url: `/api/v1/workspaces/${id}`, headers: user.headers });
}

async function listAll(user: SignedIn, position: number): Promise<string[]> {
  const response = await read(user, "/api/v1/workspaces?limit=50", position);
  expect(response.statusCode).toBe(200);
  return response.json().data.map((item: { id: string }) => item.id);
}

describe("POST /workspaces", () => {
  it("creates from the spec's JSON:API body and makes the creator the owner whatever user_id says", async () => {
    const creator = await newUser();
    const other = await newUser();
    const before = await countEvents(t.pool);
    const response = await post(
      creator,
      document({ name: "Recruiting", user_id: other.userId, description: "Engineering hires" }),
    );
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.data).toMatchObject({
      type: "workspace",
      attributes: { name: "Recruiting", description: "Engineering hires", visible: true, user_id: creator.userId },
      meta: { role: "owner" },
    });
    expect(typeof body.meta.position).toBe("number");
    expect(body.meta.position).toBeGreaterThan(0);
    expect(response.headers.location).toBe(`/api/v1/workspaces/${body.data.id}`);
    const { rows } = await t.pool.query("select type from events where stream_id = $1 order by stream_revision", [
      `workspace-${body.data.id}`,
    ]);
    expect(rows.map((row) => row.type)).toEqual(["WorkspaceCreated", "WorkspaceMemberAdded"]);
    expect(await countEvents(t.pool)).toBe(before + 2);

    const fetched = await read(creator, `/api/v1/workspaces/${body.data.id}`, body.meta.position);
    expect(fetched.statusCode).toBe(200);
    expect(fetched.json().data).toMatchObject({
      id: body.data.id,
      type: "workspace",
      attributes: { name: "Recruiting", description: "Engineering hires", user_id: creator.userId, projects_count: 0 },
      meta: { role: "owner" },
    });
  });

  it("accepts the flat body and defaults the description to exactly 'New Workspace'", async () => {
    const creator = await newUser();
    const response = await post(creator, { name: "Flat one" });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.data.attributes).toEqual({
      name: "Flat one",
      description: "New Workspace",
      visible: true,
      user_id: creator.userId,
    });
    expect(body.data.meta).toEqual({ role: "owner" });
    expect(body.meta.position).toBeGreaterThan(0);
    const fetched = await read(creator, `/api/v1/workspaces/${body.data.id}`, body.meta.position);
    expect(fetched.json().data.attributes.description).toBe("New Workspace");
  });

  it("defaults a blank or null description to 'New Workspace' as well", async () => {
    const creator = await newUser();
    for (const description of ["", "   ", null]) {
      const response = await post(creator, document({ name: "Described", description }));
      expect(response.statusCode).toBe(201);
      expect(response.json().data.attributes.description).toBe("New Workspace");
    }
  });

  it("accepts the JSON:API media type", async () => {
    const creator = await newUser();
    const response = await t.app.inject({
      method: "POST",
      url: "/api/v1/workspaces",
      headers: { ...creator.headers, "content-type": "application/vnd.api+json" },
      payload: JSON.stringify(document({ name: "Media typed" })),
    });
    expect(response.statusCode).toBe(201);
    expect(response.headers["content-type"]).toMatch(/^application\/(vnd\.api\+)?json/);
    expect(response.json().data.attributes.name).toBe("Media typed");
  });

  it("keeps the id the client chose", async () => {
    const creator = await newUser();
    const id = randomUUID();
    const response = await post(creator, document({ name: "Offline made" }, { id }));
    expect(response.statusCode).toBe(201);
    expect(response.json().data.id).toBe(id);
    const fetched = await read(creator, `/api/v1/workspaces/${id}`, response.json().meta.position);
    expect(fetched.statusCode).toBe(200);
    expect(fetched.json().data.attributes.name).toBe("Offline made");
  });

  it("trims the name", async () => {
    const creator = await newUser();
    const response = await post(creator, { name: "  Spaced  " });
    expect(response.statusCode).toBe(201);
    expect(response.json().data.attributes.name).toBe("Spaced");
  });

  for (const [label, payload] of [
    ["a JSON:API body without a name", document({ description: "no name" })],
    ["a JSON:API body with a blank name", document({ name: "   " })],
    ["a JSON:API body with an empty name", document({ name: "" })],
    ["a flat body without a name", { description: "no name" }],
    ["a flat body with a blank name", { name: " \t " }],
  ] as const) {
    it(`refuses ${label} with 'This field is required' at /data/attributes/name and appends nothing`, async () => {
      const creator = await newUser();
      const before = await countEvents(t.pool);
      const response = await post(creator, payload);
      expect(response.statusCode).toBe(422);
      expect(response.headers["content-type"]).toMatch(/^application\/vnd\.api\+json/);
      const errors = response.json().errors;
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatchObject({
        status: "422",
        code: "VALIDATION",
        detail: "This field is required",
        source: { pointer: "/data/attributes/name" },
      });
      expect(await countEvents(t.pool)).toBe(before);
    });
  }
});

describe("GET /workspaces", () => {
  it("lists only the caller's workspaces, with pages and links", async () => {
    const ada = await newUser();
    const bob = await newUser();
    const first = await create(ada, "Ada one");
    const second = await create(ada, "Ada two");
    const bobs = await create(bob, "Bob only");

    const response = await read(ada, "/api/v1/workspaces", Math.max(first.position, second.position, bobs.position));
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.data.map((item: { id: string }) => item.id).sort()).toEqual([first.id, second.id].sort());
    for (const item of body.data) {
      expect(item).toMatchObject({ type: "workspace", attributes: { user_id: ada.userId }, meta: { role: "owner" } });
    }
    expect(body.meta.pages).toEqual({ current: 1, total: 1 });
    expect(body.links).toMatchObject({
      first: "/api/v1/workspaces?limit=10&page=1",
      prev: null,
      next: null,
      last: "/api/v1/workspaces?limit=10&page=1",
    });

    expect(await listAll(bob, bobs.position)).toEqual([bobs.id]);
    const newcomer = await newUser();
    const empty = await read(newcomer, "/api/v1/workspaces", bobs.position);
    expect(empty.statusCode).toBe(200);
    expect(empty.json().data).toEqual([]);
    expect(empty.json().meta.pages).toEqual({ current: 1, total: 1 });
  });

  it("pages 25 workspaces by 10 through links that can be fetched as they are, each id once", async () => {
    const owner = await newUser();
    const created: string[] = [];
    let position = 0;
    for (let i = 1; i <= 25; i++) {
      const workspace = await create(owner, `Paged ${String(i).padStart(2, "0")}`);
      created.push(workspace.id);
      position = workspace.position;
    }

    const seen: string[] = [];
    const sizes: number[] = [];
    let url: string | null = "/api/v1/workspaces?limit=10";
    let pageNumber = 0;
    let lastBody: { links: Record<string, string | null> } | undefined;
    while (url !== null) {
      pageNumber++;
      const response = await read(owner, url, position);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.meta.pages).toEqual({ current: pageNumber, total: 3 });
      expect(body.links.first).toBe("/api/v1/workspaces?limit=10&page=1");
      expect(body.links.last).toBe("/api/v1/workspaces?limit=10&page=3");
      expect(body.links.prev).toBe(pageNumber === 1 ? null : `/api/v1/workspaces?limit=10&page=${pageNumber - 1}`);
      sizes.push(body.data.length);
      seen.push(...body.data.map((item: { id: string }) => item.id));
      lastBody = body;
      url = body.links.next;
      expect(pageNumber).toBeLessThanOrEqual(3);
    }
    expect(sizes).toEqual([10, 10, 5]);
    expect(new Set(seen).size).toBe(25);
    expect([...seen].sort()).toEqual([...created].sort());

    const prev = lastBody?.links.prev;
    expect(prev).toBe("/api/v1/workspaces?limit=10&page=2");
    const back = await read(owner, prev ?? "", position);
    expect(back.json().data.map((item: { id: string }) => item.id)).toEqual(seen.slice(10, 20));

    const wide = await read(owner, "/api/v1/workspaces?limit=20&page=2", position);
    expect(wide.json().meta.pages).toEqual({ current: 2, total: 2 });
    expect(wide.json().data).toHaveLength(5);
  });

  for (const limit of ["15", "0", "100", "9999", "-10", "ten"]) {
    it(`refuses limit=${limit} naming the parameter`, async () => {
      const user = await newUser();
      const response = await t.app.inject({
        method: "GET",
        url: `/api/v1/workspaces?limit=${limit}`,
        headers: user.headers,
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors[0]).toMatchObject({
        status: "422",
        code: "VALIDATION",
        source: { parameter: "limit" },
      });
    });
  }

  it("accepts every page size of the spec", async () => {
    const user = await newUser();
    for (const limit of [10, 20, 30, 40, 50]) {
      const response = await t.app.inject({
        method: "GET",
        url: `/api/v1/workspaces?limit=${limit}`,
        headers: user.headers,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().links.first).toBe(`/api/v1/workspaces?limit=${limit}&page=1`);
    }
  });

  it("filters by name with search_by, ignoring case, and keeps the filter in its links", async () => {
    const user = await newUser();
    const alpha = await create(user, "Alpha recruiting");
    await create(user, "Beta sourcing");
    const last = await create(user, "Gamma hiring");
    const response = await read(user, "/api/v1/workspaces?search_by=ALPHA", last.position);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.data.map((item: { id: string }) => item.id)).toEqual([alpha.id]);
    expect(body.links.first).toBe("/api/v1/workspaces?search_by=ALPHA&limit=10&page=1");
    const none = await read(user, "/api/v1/workspaces?search_by=zzz", last.position);
    expect(none.json().data).toEqual([]);
    const both = await read(user, "/api/v1/workspaces?search_by=ing", last.position);
    expect(both.json().data).toHaveLength(3);
  });
});

describe("GET /workspaces/{id}", () => {
  it("answers a member and is 404 for anyone else, never 403", async () => {
    const owner = await newUser();
    const stranger = await newUser();
    const workspace = await create(owner, "Private");
    const mine = await read(owner, `/api/v1/workspaces/${workspace.id}`, workspace.position);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data.id).toBe(workspace.id);

    const theirs = await read(stranger, `/api/v1/workspaces/${workspace.id}`, workspace.position);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().errors[0]).toMatchObject({ status: "404", code: "NOT_FOUND" });
    expect(await listAll(stranger, workspace.position)).not.toContain(workspace.id);
  });

  it("is 404 for an id that names nothing or is not a UUID", async () => {
    const user = await newUser();
    for (const id of [randomUUID(), "not-a-uuid", "123", "me"]) {
      const response = await t.app.inject({ method: "GET", url: `/api/v1/workspaces/${id}`, headers: user.headers });
      expect(response.statusCode).toBe(404);
      expect(response.json().errors[0].code).toBe("NOT_FOUND");
    }
  });
});

describe("PUT /workspaces/{id}", () => {
  it("renames and toggles visible from the spec's flat body", async () => {
    const owner = await newUser();
    const workspace = await create(owner, "Before");
    const hidden = await put(owner, workspace.id, { name: "After", visible: false });
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json().data).toMatchObject({
      id: workspace.id,
      attributes: { name: "After", visible: false, user_id: owner.userId },
    });
    const hiddenAt = hidden.json().meta.position;
    expect(hiddenAt).toBeGreaterThan(workspace.position);
    const afterHide = await read(owner, `/api/v1/workspaces/${workspace.id}`, hiddenAt);
    expect(afterHide.json().data.attributes).toMatchObject({ name: "After", visible: false });

    const shown = await put(owner, workspace.id, { visible: true });
    expect(shown.statusCode).toBe(200);
    const afterShow = await read(owner, `/api/v1/workspaces/${workspace.id}`, shown.json().meta.position);
    expect(afterShow.json().data.attributes).toMatchObject({ name: "After", visible: true });
  });

  it("takes the JSON:API body as well", async () => {
    const owner = await newUser();
    const workspace = await create(owner, "Doc before");
    const response = await put(
      owner,
      workspace.id,
      document({ name: "Doc after", description: "Changed" }, { id: workspace.id }),
    );
    expect(response.statusCode).toBe(200);
    const fetched = await read(owner, `/api/v1/workspaces/${workspace.id}`, response.json().meta.position);
    expect(fetched.json().data.attributes).toMatchObject({ name: "Doc after", description: "Changed" });
  });

  it("appends nothing when nothing changes", async () => {
    const owner = await newUser();
    const workspace = await create(owner, "Same");
    const before = await countEvents(t.pool);
    const response = await put(owner, workspace.id, { name: "Same", visible: true });
    expect(response.statusCode).toBe(200);
    expect(await countEvents(t.pool)).toBe(before);
  });

  it("refuses a blank name with the spec's message", async () => {
    const owner = await newUser();
    const workspace = await create(owner, "Named");
    const before = await countEvents(t.pool);
    const response = await put(owner, workspace.id, { name: "  " });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[0]).toMatchObject({
      code: "VALIDATION",
      detail: "This field is required",
      source: { pointer: "/data/attributes/name" },
    });
    expect(await countEvents(t.pool)).toBe(before);
  });

  it("is 404 for someone who is not a member, and renames nothing", async () => {
    const owner = await newUser();
    const stranger = await newUser();
    const workspace = await create(owner, "Untouched");
    const before = await countEvents(t.pool);
    const response = await put(stranger, workspace.id, { name: "Hijacked", visible: false });
    expect(response.statusCode).toBe(404);
    expect(response.json().errors[0].code).toBe("NOT_FOUND");
    expect(await countEvents(t.pool)).toBe(before);
    const fetched = await read(owner, `/api/v1/workspaces/${workspace.id}`, workspace.position);
    expect(fetched.json().data.attributes).toMatchObject({ name: "Untouched", visible: true });
  });
});

describe("DELETE /workspaces/{id}", () => {
  it("lets the owner remove the workspace: later reads are 404 and the list no longer has it", async () => {
    const owner = await newUser();
    const kept = await create(owner, "Kept");
    const doomed = await create(owner, "Doomed");
    const response = await remove(owner, doomed.id);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.meta.result).toBe("removed");
    expect(body.meta.position).toBeGreaterThan(doomed.position);
    const { rows } = await t.pool.query(
      "select type from events where stream_id = $1 order by stream_revision desc limit 1",
      [`workspace-${doomed.id}`],
    );
    expect(rows[0].type).toBe("WorkspaceRemoved");

    const gone = await read(owner, `/api/v1/workspaces/${doomed.id}`, body.meta.position);
    expect(gone.statusCode).toBe(404);
    expect(await listAll(owner, body.meta.position)).toEqual([kept.id]);

    const again = await remove(owner, doomed.id);
    expect(again.statusCode).toBe(404);
    const rename = await put(owner, doomed.id, { name: "Revived" });
    expect(rename.statusCode).toBe(404);
  });

  it("is 404 for an unknown id", async () => {
    const owner = await newUser();
    const before = await countEvents(t.pool);
    const response = await remove(owner, randomUUID());
    expect(response.statusCode).toBe(404);
    expect(response.json().errors[0].code).toBe("NOT_FOUND");
    expect(await countEvents(t.pool)).toBe(before);
  });
});

describe("someone else's workspace", () => {
  it("can be neither read, renamed nor deleted by a non-member, and nothing changes", async () => {
    const owner = await newUser();
    const intruder = await newUser();
    const workspace = await create(owner, "Guarded");
    const before = await countEvents(t.pool);

    const attempts = [
      await read(intruder, `/api/v1/workspaces/${workspace.id}`, workspace.position),
      await put(intruder, workspace.id, { name: "Taken over" }),
      await put(intruder, workspace.id, document({ visible: false }, { id: workspace.id })),
      await remove(intruder, workspace.id),
    ];
    for (const response of attempts) {
      expect(response.statusCode).toBe(404);
      expect(response.json().errors[0]).toMatchObject({ status: "404", code: "NOT_FOUND" });
    }
    expect(await countEvents(t.pool)).toBe(before);
    expect(await listAll(intruder, workspace.position)).not.toContain(workspace.id);
    const fetched = await read(owner, `/api/v1/workspaces/${workspace.id}`, workspace.position);
    expect(fetched.statusCode).toBe(200);
    expect(fetched.json().data.attributes).toMatchObject({ name: "Guarded", visible: true, user_id: owner.userId });
  });
});
