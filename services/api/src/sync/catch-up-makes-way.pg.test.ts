import type { ServerMessage } from "@hirestream/contracts/sync/messages.ts";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { makeWayFor, ScreenQueries } from "./screen-queries.ts";
import { SyncConnection } from "./sync-connection.ts";
import { credentialsOf, firstHello, recordedPool } from "./testing/recorded-pool.ts";
import { syncTestApp } from "./testing/sync-test-app.ts";

// The Reports page's figures are counted while the same page's first sync catches up: on two
// cores, the catch-up's key reads beside them make the figures, which the page waits on, slower.

const s = syncTestApp("catch-up-makes-way");

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits for `check`, up to 10 s; `what` is named in the failure. */
const until = (check: () => boolean, what: string) =>
  vi.waitUntil(check, { timeout: 10_000, interval: 10 }).catch(() => {
    throw new Error(`never: ${what}`);
  });

const keyReads = ["sync-snapshot-many-keys", "sync-lead-keys"];

describe("a catch-up beside its user's screen query", () => {
  let recorded: { pool: pg.Pool; names: string[] };
  beforeAll(() => {
    recorded = recordedPool(s.t.pool.options);
  });
  afterAll(async () => {
    await recorded.pool.end();
  });

  /** A user whose catch-up has many rows to send in two scopes, and the connection, not started. */
  async function catchingUp(makeWay: (userId: string) => () => Promise<void>) {
    const user = await s.f.newUser();
    const ws = await s.f.createWorkspace(user);
    const first = await s.f.createProject(user, ws, { name: "First" });
    const second = await s.f.createProject(user, ws, { name: "Second" });
    const person = await s.f.addPerson(user, { first_name: "Ada", email: "ada@example.com" }, ws);
    await s.f.assign(user, first, [person.id]);
    const { meta } = await s.f.assign(user, second, [person.id]);
    await s.t.readModels.waitFor(meta.position, 5000);
    const sent: ServerMessage[] = [];
    const connection = new SyncConnection(
      { userId: user.userId, expiry: Date.now() / 1000 + 3600 },
      credentialsOf(user),
      {
        pool: recorded.pool,
        db: s.t.db,
        send: (message) => sent.push(message),
        sendFrame() {},
        close() {},
        makeWay: makeWay(user.userId),
      },
    );
    return { user, connection, sent, start: () => connection.start(firstHello) };
  }

  it("reads no scope's keys while its user's screen query runs, and reads them once it ends", async () => {
    const queries = new ScreenQueries();
    const c = await catchingUp((userId) => makeWayFor(queries, userId, 60_000));
    const ended = queries.begin(c.user.userId);
    recorded.names.length = 0;
    const started = c.start();
    try {
      // The few rows and the cursor still go out at once: every screen's first rows are in them.
      await until(() => c.sent.some((message) => message.type === "changes"), "the few rows out");
      await pause(300);
      expect(recorded.names).toContain("sync-snapshot-few");
      expect(recorded.names.filter((name) => keyReads.includes(name))).toEqual([]);
      ended();
      await until(() => recorded.names.includes("sync-snapshot-many-keys"), "the many keys read");
    } finally {
      ended();
      c.connection.close(1000, "closed by the client");
      await started;
    }
  });

  it("does not wait for another user's screen query", async () => {
    const queries = new ScreenQueries();
    const c = await catchingUp((userId) => makeWayFor(queries, userId, 60_000));
    queries.begin("00000000-0000-4000-8000-00000000beef");
    recorded.names.length = 0;
    const started = c.start();
    try {
      await until(() => recorded.names.includes("sync-snapshot-many-keys"), "the many keys read");
    } finally {
      c.connection.close(1000, "closed by the client");
      await started;
    }
  });

  it("waits no longer once its socket closes: its transaction's connection goes back to the pool", async () => {
    const queries = new ScreenQueries();
    const c = await catchingUp((userId) => makeWayFor(queries, userId, 60_000));
    queries.begin(c.user.userId);
    const started = c.start();
    await until(() => c.sent.some((message) => message.type === "changes"), "the few rows out");
    c.connection.close(1000, "closed by the client");
    let ended = false;
    void started.then(() => {
      ended = true;
    });
    await until(() => ended, "the catch-up ended");
  });
});
