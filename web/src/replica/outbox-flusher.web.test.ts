import { describe, expect, test } from "vitest";
import { applyChanges, applySnapshot } from "./apply-sync.ts";
import type { RejectedError } from "./http-answer.ts";
import { mutate, OutboxFlusher } from "./outbox.ts";
import type { ReplicaDb } from "./replica-db.ts";
import { apiError, FakeApi, json } from "./testing/fake-fetch.ts";
import { ManualClock } from "./testing/manual-clock.ts";
import { workspace, ws1, ws2, ws3 } from "./testing/rows.ts";
import { openTestDb } from "./testing/test-db.ts";

const scope = `ws:${ws1}`;
const session = { "access-token": "token", client: "client", uid: "alice@example.com", "token-type": "Bearer" };

async function setup() {
  const { db, reopen } = openTestDb();
  await applySnapshot(db, {
    type: "snapshot",
    part: 0,
    last: true,
    scope,
    position: 1,
    rows: [{ entity: "workspace", id: ws1, data: workspace(ws1, { name: "Before" }) }],
  });
  const api = new FakeApi();
  const clock = new ManualClock();
  const rejected: RejectedError[][] = [];
  let unauthorized = 0;
  let signedIn = true;
  const flusher = new OutboxFlusher({
    db,
    baseUrl: "/api/v1",
    headers: () => (signedIn ? session : null),
    onRejected: (errors) => rejected.push(errors),
    onUnauthorized: () => {
      unauthorized += 1;
    },
    fetch: api.fetch,
    clock,
    random: () => 0.5,
  });
  return {
    db,
    reopen,
    api,
    clock,
    flusher,
    rejected,
    unauthorizedCalls: () => unauthorized,
    signOut: () => {
      signedIn = false;
    },
  };
}

const rename = (db: ReplicaDb, name: string) =>
  mutate(db, {
    method: "PUT",
    path: `/workspaces/${ws1}`,
    body: { name },
    optimistic: [{ table: "workspaces", id: ws1, next: workspace(ws1, { name }) }],
  });

const create = (db: ReplicaDb, id: string) =>
  mutate(db, {
    method: "POST",
    path: "/workspaces",
    body: { data: { type: "workspace", id, attributes: { name: "Fresh" } } },
    optimistic: [{ table: "workspaces", id, next: workspace(id, { name: "Fresh" }) }],
  });

const accepted = (position: number) => json(200, { data: null, meta: { position } });

describe("sending", () => {
  test("sends entries in order, each with its Idempotency-Key and the session", async () => {
    const { db, api, flusher } = await setup();
    const first = await rename(db, "One");
    const second = await create(db, ws2);
    const third = await mutate(db, {
      method: "DELETE",
      path: `/workspaces/${ws3}`,
      optimistic: [],
    });
    api.reply(accepted(2), accepted(3), accepted(4));

    await flusher.flush();

    expect(api.requests).toEqual([
      {
        url: `/api/v1/workspaces/${ws1}`,
        method: "PUT",
        headers: expect.objectContaining({
          "idempotency-key": first,
          "content-type": "application/json",
          "access-token": "token",
          client: "client",
          uid: "alice@example.com",
        }),
        body: { name: "One" },
      },
      expect.objectContaining({
        url: "/api/v1/workspaces",
        headers: expect.objectContaining({ "idempotency-key": second }),
      }),
      expect.objectContaining({
        method: "DELETE",
        body: null,
        headers: expect.objectContaining({ "idempotency-key": third }),
      }),
    ]);
    // No body, no content type: an empty body labelled JSON is a 400.
    expect(api.requests[2]?.headers).not.toHaveProperty("content-type");
    expect(await flusher.pendingCount()).toBe(0);
  });

  test("calls made while a flush runs join it: each entry is sent once", async () => {
    const { db, api, flusher } = await setup();
    await rename(db, "One");
    await rename(db, "Two");
    api.reply(accepted(2), accepted(3));

    await Promise.all([flusher.flush(), flusher.flush(), flusher.flush()]);

    expect(api.requests.map((request) => request.body)).toEqual([{ name: "One" }, { name: "Two" }]);
  });

  test("sends nothing while signed out", async () => {
    const { db, api, flusher, signOut } = await setup();
    await rename(db, "One");
    signOut();
    await flusher.flush();
    expect(api.requests).toEqual([]);
    expect(await flusher.pendingCount()).toBe(1);
  });
});

describe("2xx", () => {
  test("clears the entry and the pending mark, keeping the optimistic row until sync brings the server's", async () => {
    const { db, api, flusher } = await setup();
    await rename(db, "After");
    api.reply(accepted(2));

    await flusher.flush();

    expect(await db.outbox.count()).toBe(0);
    expect(await db.workspaces.get(ws1)).toEqual({
      ...workspace(ws1, { name: "After" }),
      scopes: [scope],
      _pending: 0,
    });
  });

  test("shows the server's row when sync delivered it before the answer", async () => {
    const { db, api, flusher } = await setup();
    await rename(db, "After");
    const server = workspace(ws1, { name: "After", updated_at: "2026-11-23T00:00:00.000Z" });
    api.reply(accepted(2));
    await applyChanges(db, {
      type: "changes",
      cursor: 2,
      rows: [{ position: 2, scope, entity: "workspace", id: ws1, op: "put", data: server }],
    });

    await flusher.flush();

    expect(await db.workspaces.get(ws1)).toEqual({ ...server, scopes: [scope], _pending: 0 });
  });
});

describe("4xx", () => {
  test("restores the before-image, removes the entry, reports the detail and goes on", async () => {
    const { db, api, flusher, rejected } = await setup();
    await rename(db, "Taken");
    await create(db, ws2);
    await create(db, ws3);
    api.reply(
      apiError(422, "VALIDATION", "Name is already taken"),
      apiError(403, "FORBIDDEN", "Your role does not allow this"),
      accepted(5),
    );

    await flusher.flush();

    expect(await db.workspaces.orderBy("id").toArray()).toEqual([
      { ...workspace(ws1, { name: "Before" }), scopes: [scope], _pending: 0 },
      { ...workspace(ws3, { name: "Fresh" }), scopes: [], _pending: 0 },
    ]);
    expect(rejected).toEqual([
      [{ status: 422, detail: "Name is already taken" }],
      [{ status: 403, detail: "Your role does not allow this" }],
    ]);
    expect(await db.outbox.count()).toBe(0);
  });

  test("a refusal that is not JSON:API still undoes the change and says so", async () => {
    const { db, api, flusher, rejected } = await setup();
    await rename(db, "After");
    api.reply(new Response("<html>nope</html>", { status: 404 }));

    await flusher.flush();

    expect((await db.workspaces.get(ws1))?.name).toBe("Before");
    expect(rejected).toEqual([[{ status: 404, detail: "The server refused this change." }]]);
  });

  test("a silent command's refusal undoes the change without reporting it, and a later one still reports", async () => {
    const { db, api, flusher, rejected } = await setup();
    await mutate(db, {
      method: "PUT",
      path: `/workspaces/${ws1}`,
      body: { name: "Quiet" },
      optimistic: [{ table: "workspaces", id: ws1, next: workspace(ws1, { name: "Quiet" }) }],
      silentErrors: true,
    });
    await rename(db, "Loud");
    api.reply(apiError(422, "VALIDATION", "Not this one"), apiError(422, "VALIDATION", "Nor this one"));

    await flusher.flush();

    expect(await db.workspaces.get(ws1)).toEqual({
      ...workspace(ws1, { name: "Before" }),
      scopes: [scope],
      _pending: 0,
    });
    expect(rejected).toEqual([[{ status: 422, detail: "Nor this one" }]]);
    expect(await db.outbox.count()).toBe(0);
  });

  test("undoing one of two commands on a row restores the server's row and hands it to the other", async () => {
    const { db, api, flusher } = await setup();
    await rename(db, "One");
    await rename(db, "Two");
    api.reply(apiError(409, "CONFLICT", "Changed by someone else"), new Error("offline"));

    await flusher.flush();

    expect(await db.workspaces.get(ws1)).toMatchObject({ name: "Before", _pending: 1 });
    const [left] = await db.outbox.toArray();
    expect(left?.beforeImages.workspaces[ws1]?.row?.name).toBe("Before");
  });
});

describe("retries", () => {
  test("a 5xx keeps the entry and holds back later ones until its retry succeeds", async () => {
    const { db, api, clock, flusher } = await setup();
    await rename(db, "One");
    await create(db, ws2);
    api.reply(apiError(500, "INTERNAL", "Something went wrong."));

    await flusher.flush();

    expect(api.requests).toHaveLength(1);
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ attempts: 1, nextAttemptAt: clock.now() + 750 });
    expect(clock.pending()).toEqual([750]);

    api.reply(accepted(2), accepted(3));
    clock.advance(749);
    await flusher.flush();
    expect(api.requests).toHaveLength(1);

    clock.advance(1);
    await flusher.flush();
    expect(api.requests.map((request) => request.method)).toEqual(["PUT", "PUT", "POST"]);
    expect(api.requests[1]?.headers["idempotency-key"]).toBe(api.requests[0]?.headers["idempotency-key"]);
    expect(await db.outbox.count()).toBe(0);
  });

  test("network errors back off further each time, capped", async () => {
    const { db, api, clock, flusher } = await setup();
    await rename(db, "One");
    const delays: number[] = [];
    for (let attempt = 0; attempt < 9; attempt += 1) {
      api.reply(new TypeError("Failed to fetch"));
      clock.advance(clock.pending()[0] ?? 0);
      await flusher.flush();
      delays.push(clock.pending()[0] ?? -1);
    }
    expect(delays).toEqual([750, 1500, 3000, 6000, 12000, 24000, 45000, 45000, 45000]);
    expect((await db.workspaces.get(ws1))?.name).toBe("One");
  });

  test("429 and 408 wait as long as Retry-After says", async () => {
    const { db, api, clock, flusher } = await setup();
    await rename(db, "One");
    api.reply(apiError(429, "RATE_LIMITED", "Too many requests"));
    const until = clock.now() + 90_000;
    api.reply(json(408, {}, { "retry-after": new Date(until).toUTCString() }));
    api.reply(accepted(2));
    const retryAfter429 = new Response(null, { status: 429, headers: { "retry-after": "30" } });
    api.reply(retryAfter429);

    await flusher.flush();
    expect(clock.pending()).toEqual([750]);

    clock.advance(750);
    await flusher.flush();
    expect(clock.pending()).toEqual([until - clock.now()]);

    clock.advance(until - clock.now());
    await flusher.flush();
    expect(await db.outbox.count()).toBe(0);

    await rename(db, "Two");
    await flusher.flush();
    expect(clock.pending()).toEqual([30_000]);
  });
});

describe("401", () => {
  test("calls onUnauthorized, stops, and keeps the write for the next session", async () => {
    const { db, api, flusher, unauthorizedCalls } = await setup();
    await rename(db, "One");
    await rename(db, "Two");
    api.reply(apiError(401, "UNAUTHENTICATED", "Session missing or expired"));

    await flusher.flush();

    expect(unauthorizedCalls()).toBe(1);
    expect(api.requests).toHaveLength(1);
    expect(await db.outbox.count()).toBe(2);
    expect((await db.workspaces.get(ws1))?.name).toBe("Two");

    api.reply(accepted(2), accepted(3));
    await flusher.flush();
    expect(await db.outbox.count()).toBe(0);
  });
});

test("a reopened database sends what the last one left queued", async () => {
  const { db, reopen, api, flusher } = await setup();
  const id = await rename(db, "Typed before the reload");
  flusher.stop();
  db.close();

  const reopened = reopen();
  const next = new OutboxFlusher({
    db: reopened,
    baseUrl: "/api/v1",
    headers: () => session,
    onRejected: () => {},
    onUnauthorized: () => {},
    fetch: api.fetch,
    clock: new ManualClock(),
  });
  api.reply(accepted(2));
  await next.flush();

  expect(api.requests).toMatchObject([{ body: { name: "Typed before the reload" } }]);
  expect(api.requests[0]?.headers["idempotency-key"]).toBe(id);
});
