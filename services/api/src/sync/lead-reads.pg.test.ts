import type pg from "pg";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { SyncConnection } from "./sync-connection.ts";
import { credentialsOf, firstHello, recordedPool } from "./testing/recorded-pool.ts";
import { syncTestApp } from "./testing/sync-test-app.ts";

// A catch-up reads ahead the leads of the scopes the screen shows, and no other: a workspace's
// People sorted by name, read for a screen that does not show them, would take the cores from
// the reads the screen waits on.

const s = syncTestApp("lead-reads");

let recorded: { pool: pg.Pool; names: string[] };
beforeAll(() => {
  recorded = recordedPool(s.t.pool.options);
});
afterAll(async () => {
  await recorded.pool.end();
});

it("with no focus said, reads ahead the first scope's lead and not a workspace's", async () => {
  const user = await s.f.newUser();
  const ws = await s.f.createWorkspace(user);
  const person = await s.f.addPerson(user, { first_name: "Ada", last_name: "Lovelace" }, ws);
  await s.t.readModels.waitFor(person.position, 5000);
  const frames: string[] = [];
  const connection = new SyncConnection(
    { userId: user.userId, expiry: Date.now() / 1000 + 3600 },
    credentialsOf(user),
    { pool: recorded.pool, db: s.t.db, send() {}, sendFrame: (frame) => frames.push(frame), close() {} },
  );
  void connection.start(firstHello);
  // Unanswered: the few rows of both scopes, then the Talent Pool's first people, and no more.
  await vi.waitUntil(() => frames.some((frame) => frame.includes(person.id)), { timeout: 10_000, interval: 10 });
  expect(recorded.names).toContain("sync-lead-pool");
  expect(recorded.names).not.toContain("sync-lead-workspace");
  connection.close(1000, "done");
});
