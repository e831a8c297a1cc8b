import { type Hello, SYNC_PROTOCOL_VERSION } from "@hirestream/contracts/sync/messages.ts";
import type pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { SyncConnection } from "./sync-connection.ts";
import { credentialsOf, recordedPool } from "./testing/recorded-pool.ts";
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

async function until(check: () => boolean): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("never came");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

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
  const hello: Hello = {
    type: "hello",
    version: SYNC_PROTOCOL_VERSION,
    credentials: { "access-token": "", client: "", uid: "" },
    cursor: 0,
    scopes: [],
  };
  void connection.start(hello);
  // Unanswered: the few rows of both scopes, then the Talent Pool's first people, and no more.
  await until(() => frames.some((frame) => frame.includes(person.id)));
  expect(recorded.names).toContain("sync-lead-pool");
  expect(recorded.names).not.toContain("sync-lead-workspace");
  connection.close(1000, "done");
});
