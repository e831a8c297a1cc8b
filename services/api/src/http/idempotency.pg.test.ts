import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countEvents, type SignedIn, signUpUser, startTestApp, type TestApp } from "../testing/test-app.ts";
import { READ_YOUR_WRITES_TIMEOUT_MS } from "./read-your-writes.ts";

const readTimeoutMs = 300;

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ readYourWritesTimeoutMs: readTimeoutMs });
});
afterAll(async () => {
  await t.close();
});

let emails = 0;
const newUser = () => signUpUser(t.app, `idem${++emails}@example.com`);

function write(user: SignedIn, method: "POST" | "PUT" | "DELETE", url: string, key: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: {
      ...user.headers,
      "idempotency-key": key,
      ...(payload === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });
}

const createWorkspace = (user: SignedIn, key: string, name: string) =>
  write(user, "POST", "/api/v1/workspaces", key, { data: { type: "workspace", attributes: { name } } });

async function workspacesNamed(user: SignedIn, name: string, position: number): Promise<string[]> {
  const response = await t.app.inject({
    method: "GET",
    url: `/api/v1/workspaces?limit=50&search_by=${encodeURIComponent(name)}`,
    headers: { ...user.headers, "x-min-position": String(position) },
  });
  expect(response.statusCode).toBe(200);
  return response.json().data.map((item: { id: string }) => item.id);
}

describe("Idempotency-Key", () => {
  it("answers a repeated POST with the first answer, same id and position, and appends nothing", async () => {
    const user = await newUser();
    const key = randomUUID();
    const first = await createWorkspace(user, key, "Once only");
    expect(first.statusCode).toBe(201);
    const afterFirst = await countEvents(t.pool);

    const second = await createWorkspace(user, key, "Once only");
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect(second.json().data.id).toBe(first.json().data.id);
    expect(second.json().meta.position).toBe(first.json().meta.position);
    expect(second.headers["idempotent-replayed"]).toBe("true");
    expect(second.headers["content-type"]).toMatch(/^application\/vnd\.api\+json/);
    expect(await countEvents(t.pool)).toBe(afterFirst);
    expect(await workspacesNamed(user, "Once only", first.json().meta.position)).toEqual([first.json().data.id]);
  });

  it("creates exactly one workspace when the same request races itself", async () => {
    const user = await newUser();
    const key = randomUUID();
    const before = await countEvents(t.pool);
    const answers = await Promise.all(Array.from({ length: 6 }, () => createWorkspace(user, key, "Raced")));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses).toEqual(Array(6).fill(201));
    const created = answers.filter((answer) => answer.statusCode === 201);
    const ids = new Set(created.map((answer) => answer.json().data.id));
    expect(ids.size).toBe(1);
    expect(await countEvents(t.pool)).toBe(before + 2);

    const retry = await createWorkspace(user, key, "Raced");
    expect(retry.statusCode).toBe(201);
    expect([...ids]).toEqual([retry.json().data.id]);
    expect(await workspacesNamed(user, "Raced", retry.json().meta.position)).toEqual([retry.json().data.id]);
  });

  it("refuses the same key with another body with IDEMPOTENCY_KEY_REUSED and appends nothing", async () => {
    const user = await newUser();
    const key = randomUUID();
    const first = await createWorkspace(user, key, "Original");
    expect(first.statusCode).toBe(201);
    const before = await countEvents(t.pool);
    const reused = await createWorkspace(user, key, "Something else");
    expect(reused.statusCode).toBe(422);
    expect(reused.json().errors[0]).toMatchObject({ status: "422", code: "IDEMPOTENCY_KEY_REUSED" });
    expect(await countEvents(t.pool)).toBe(before);
    expect(await workspacesNamed(user, "Something else", first.json().meta.position)).toEqual([]);
  });

  it("refuses the same key on another request path", async () => {
    const user = await newUser();
    const key = randomUUID();
    const first = await createWorkspace(user, key, "Keyed");
    const before = await countEvents(t.pool);
    const rename = await write(user, "PUT", `/api/v1/workspaces/${first.json().data.id}`, key, {
      data: { type: "workspace", attributes: { name: "Keyed" } },
    });
    expect(rename.statusCode).toBe(422);
    expect(rename.json().errors[0].code).toBe("IDEMPOTENCY_KEY_REUSED");
    expect(await countEvents(t.pool)).toBe(before);
  });

  it("lets two users use the same key, each getting their own workspace", async () => {
    const ada = await newUser();
    const bob = await newUser();
    const key = randomUUID();
    const before = await countEvents(t.pool);
    const adas = await createWorkspace(ada, key, "Shared key");
    const bobs = await createWorkspace(bob, key, "Shared key");
    expect(adas.statusCode).toBe(201);
    expect(bobs.statusCode).toBe(201);
    expect(bobs.json().data.id).not.toBe(adas.json().data.id);
    expect(adas.json().data.attributes.user_id).toBe(ada.userId);
    expect(bobs.json().data.attributes.user_id).toBe(bob.userId);
    expect(bobs.headers["idempotent-replayed"]).toBeUndefined();
    expect(await countEvents(t.pool)).toBe(before + 4);
    const position = Math.max(adas.json().meta.position, bobs.json().meta.position);
    expect(await workspacesNamed(ada, "Shared key", position)).toEqual([adas.json().data.id]);
    expect(await workspacesNamed(bob, "Shared key", position)).toEqual([bobs.json().data.id]);
  });

  it("replays a repeated rename and a repeated delete instead of running them again", async () => {
    const user = await newUser();
    const created = await createWorkspace(user, randomUUID(), "To rename");
    const url = `/api/v1/workspaces/${created.json().data.id}`;
    const renameKey = randomUUID();
    const renamed = await write(user, "PUT", url, renameKey, { name: "Renamed", visible: false });
    expect(renamed.statusCode).toBe(200);
    const afterRename = await countEvents(t.pool);
    const renamedAgain = await write(user, "PUT", url, renameKey, { name: "Renamed", visible: false });
    expect(renamedAgain.statusCode).toBe(200);
    expect(renamedAgain.json()).toEqual(renamed.json());
    expect(await countEvents(t.pool)).toBe(afterRename);

    const deleteKey = randomUUID();
    const removed = await write(user, "DELETE", url, deleteKey);
    expect(removed.statusCode).toBe(200);
    const afterRemove = await countEvents(t.pool);
    const removedAgain = await write(user, "DELETE", url, deleteKey);
    expect(removedAgain.statusCode).toBe(200);
    expect(removedAgain.json()).toEqual(removed.json());
    expect(await countEvents(t.pool)).toBe(afterRemove);
    const withoutKey = await t.app.inject({ method: "DELETE", url, headers: user.headers });
    expect(withoutKey.statusCode).toBe(404);
  });

  for (const key of ["not-a-uuid", "12345", `${randomUUID()}x`, "", "{00000000-0000-0000-0000-000000000000}"]) {
    it(`answers 400 for the key ${JSON.stringify(key)} and appends nothing`, async () => {
      const user = await newUser();
      const before = await countEvents(t.pool);
      const response = await createWorkspace(user, key, "Bad key");
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0]).toMatchObject({ status: "400", code: "BAD_REQUEST" });
      expect(await countEvents(t.pool)).toBe(before);
    });
  }

  it("remembers nothing for a caller without a session", async () => {
    const key = randomUUID();
    const anonymous = { userId: "", email: "", headers: {} };
    const first = await createWorkspace(anonymous, key, "Nobody's");
    expect(first.statusCode).toBe(401);
    const second = await createWorkspace(anonymous, key, "Somebody else's");
    expect(second.statusCode).toBe(401);
    expect(second.json().errors[0].code).toBe("UNAUTHENTICATED");
    const { rows } = await t.pool.query("select count(*)::int as n from idempotency_keys where key = $1", [key]);
    expect(rows[0].n).toBe(0);
  });
});

describe("x-min-position", () => {
  it("waits for read models by default for 5 seconds", () => {
    expect(READ_YOUR_WRITES_TIMEOUT_MS).toBe(5000);
  });

  it("answers 503 with Retry-After once the bounded wait for a far-away position runs out", async () => {
    const user = await newUser();
    const response = await t.app.inject({
      method: "GET",
      url: "/api/v1/workspaces",
      headers: { ...user.headers, "x-min-position": "9007199254740991" },
    });
    expect(response.statusCode).toBe(503);
    expect(response.headers["retry-after"]).toBe("1");
    expect(response.headers["content-type"]).toMatch(/^application\/vnd\.api\+json/);
    expect(response.json().errors[0]).toMatchObject({ status: "503", code: "NOT_CAUGHT_UP" });
  });

  describe("with the default bound", () => {
    let patient: TestApp;
    beforeAll(async () => {
      patient = await startTestApp();
    });
    afterAll(async () => {
      await patient.close();
    });

    it("waits for a position written after the read was sent, and answers with that write", async () => {
      const user = await signUpUser(patient.app, "idem-patient@example.com");
      const create = (name: string) =>
        patient.app.inject({
          method: "POST",
          url: "/api/v1/workspaces",
          headers: { ...user.headers, "idempotency-key": randomUUID(), "content-type": "application/json" },
          payload: JSON.stringify({ data: { type: "workspace", attributes: { name } } }),
        });
      const next = (await create("Before the read")).json().meta.position + 1;
      // Ordered, not timed: the read is sent first, naming the position the next write will take;
      // it can only list that workspace by having waited for it.
      const read = patient.app.inject({
        method: "GET",
        url: "/api/v1/workspaces?limit=50",
        headers: { ...user.headers, "x-min-position": String(next) },
      });
      const later = await create("After the read");
      expect(later.statusCode).toBe(201);
      expect(later.json().meta.position).toBeGreaterThanOrEqual(next);
      const response = await read;
      expect(response.statusCode).toBe(200);
      const names = response.json().data.map((w: { attributes: { name: string } }) => w.attributes.name);
      expect(names).toContain("After the read");
    });
  });

  it("answers at once when read models have reached the position", async () => {
    const user = await newUser();
    const created = await createWorkspace(user, randomUUID(), "Caught up");
    const response = await t.app.inject({
      method: "GET",
      url: `/api/v1/workspaces/${created.json().data.id}`,
      headers: { ...user.headers, "x-min-position": String(created.json().meta.position) },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.attributes.name).toBe("Caught up");
  });

  for (const value of ["soon", "-1", "1.5", "12345678901234567890"]) {
    it(`answers 400 for x-min-position ${value}`, async () => {
      const user = await newUser();
      const response = await t.app.inject({
        method: "GET",
        url: "/api/v1/workspaces",
        headers: { ...user.headers, "x-min-position": value },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0].code).toBe("BAD_REQUEST");
    });
  }
});
