import type { ServerMessage } from "@hirestream/contracts/sync/messages.ts";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SyncConnection } from "./sync-connection.ts";
import { credentialsOf, firstHello, recordedPool } from "./testing/recorded-pool.ts";
import { syncTestApp } from "./testing/sync-test-app.ts";

// A reload closes the page's socket while its first sync still reads: what it would read next
// would only take the cores from the reloaded page's own catch-up and screen queries.

const s = syncTestApp("closed-catch-up");

describe("a catch-up whose socket closed", () => {
  let recorded: { pool: pg.Pool; names: string[] };
  beforeAll(() => {
    recorded = recordedPool(s.t.pool.options);
  });
  afterAll(async () => {
    await recorded.pool.end();
  });

  it("reads no scope's many keys once the socket is closed", async () => {
    const user = await s.f.newUser();
    const ws = await s.f.createWorkspace(user);
    const first = await s.f.createProject(user, ws, { name: "First" });
    const second = await s.f.createProject(user, ws, { name: "Second" });
    const person = await s.f.addPerson(user, { first_name: "Ada", email: "ada@example.com" }, ws);
    await s.f.assign(user, first, [person.id]);
    const { meta } = await s.f.assign(user, second, [person.id]);
    await s.t.readModels.waitFor(meta.position, 5000);

    const sent: ServerMessage[] = [];
    let connection: SyncConnection | null = null;
    connection = new SyncConnection({ userId: user.userId, expiry: Date.now() / 1000 + 3600 }, credentialsOf(user), {
      pool: recorded.pool,
      db: s.t.db,
      send(message) {
        sent.push(message);
        // The few rows and the cursor are out: the page reloads before any scope's many keys are read.
        if (message.type === "changes") connection?.close(1000, "closed by the client");
      },
      sendFrame() {},
      close() {},
    });
    recorded.names.length = 0;
    await connection.start(firstHello);

    expect(sent.some((message) => message.type === "changes")).toBe(true);
    expect(recorded.names).toContain("sync-snapshot-few");
    expect(recorded.names).not.toContain("sync-snapshot-many-keys");
  });
});
