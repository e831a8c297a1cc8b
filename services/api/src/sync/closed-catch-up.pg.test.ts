import { type ServerMessage, SYNC_PROTOCOL_VERSION } from "@hirestream/contracts/sync/messages.ts";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Credentials } from "../auth/sessions.ts";
import type { SignedIn } from "../testing/test-app.ts";
import { SyncConnection } from "./sync-connection.ts";
import { syncTestApp } from "./testing/sync-test-app.ts";

// A reload closes the page's socket while its first sync still reads: what it would read next
// would only take the cores from the reloaded page's own catch-up and screen queries.

const s = syncTestApp("closed-catch-up");

/** The names of the prepared statements run on `pool`'s connections, in order. */
function recordedPool(options: pg.PoolConfig): { pool: pg.Pool; names: string[] } {
  const pool = new pg.Pool({ ...options, max: 4 });
  const names: string[] = [];
  pool.on("connect", (client) => {
    const query: (config: unknown, ...rest: unknown[]) => unknown = client.query.bind(client);
    const recording = (config: unknown, ...rest: unknown[]): unknown => {
      if (config && typeof config === "object" && "name" in config && typeof config.name === "string") {
        names.push(config.name);
      }
      return query(config, ...rest);
    };
    // The same query, seen on its way: the statements the catch-up runs are what the test reads.
    client.query = recording as typeof client.query;
  });
  return { pool, names };
}

const credentialsOf = (user: SignedIn): Credentials => ({
  accessToken: user.headers["access-token"] ?? "",
  client: user.headers.client ?? "",
  uid: user.headers.uid ?? "",
});

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
    await connection.start({
      type: "hello",
      version: SYNC_PROTOCOL_VERSION,
      credentials: { "access-token": "", client: "", uid: "" },
      cursor: 0,
      scopes: [],
    });

    expect(sent.some((message) => message.type === "changes")).toBe(true);
    expect(recorded.names).toContain("sync-snapshot-few");
    expect(recorded.names).not.toContain("sync-snapshot-many-keys");
  });
});
