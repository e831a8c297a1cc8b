// How far a session wrote is stored before its write is answered, and that answer waits for the
// row to be committed, not for the database to flush it to disk.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Notifications } from "../http/notifications.ts";
import { type SignedIn, signUpUser, startTestApp, type TestApp } from "../testing/test-app.ts";
import { SessionCache } from "./session-cache.ts";
import { SessionWrites, storeWrittenPosition } from "./session-writes.ts";

let t: TestApp;
/** One connection, so the WAL it writes is counted on one backend; it commits synchronously, as production does. */
let connection: pg.Pool;
let user: SignedIn;

beforeAll(async () => {
  t = await startTestApp();
  connection = new pg.Pool({
    connectionString: t.pool.options.connectionString,
    max: 1,
    options: "-c synchronous_commit=on",
  });
  user = await signUpUser(t.app, "writer@example.com");
});
afterAll(async () => {
  await connection.end();
  await t.close();
});

const client = () => user.headers.client ?? "";

async function storedPosition(): Promise<number> {
  const { rows } = await connection.query<{ written_position: string }>(
    "select written_position from auth_sessions where user_id = $1 and client = $2",
    [user.userId, client()],
  );
  return Number(rows[0]?.written_position);
}

/** The WAL this connection's backend has written itself (a synchronous commit writes its own; an asynchronous one leaves it to the WAL writer). */
async function walWrittenHere(): Promise<number> {
  await connection.query("select pg_stat_force_next_flush()");
  await connection.query("select 1");
  const { rows } = await connection.query<{ writes: number }>(
    "select coalesce(sum(writes), 0)::int as writes from pg_stat_get_backend_io(pg_backend_pid()) where object = 'wal'",
  );
  return rows[0]?.writes ?? 0;
}

describe("a session's written position", () => {
  it("is raised to the position a write reached and never lowered by an earlier one", async () => {
    await storeWrittenPosition(connection, user.userId, client(), 40);
    await storeWrittenPosition(connection, user.userId, client(), 25);
    expect(await storedPosition()).toBe(40);
  });

  it("is stored without waiting for its WAL to be flushed, on a connection that commits synchronously", async () => {
    const before = await walWrittenHere();
    for (let position = 100; position < 120; position++) {
      await storeWrittenPosition(connection, user.userId, client(), position);
    }
    expect(await storedPosition()).toBe(119);
    expect(await walWrittenHere()).toBe(before);
  });
});

describe("a session's writes", () => {
  it("are recorded while every connection of the pool the handlers append through is taken", async () => {
    // The handlers' pool, all of its connections held, as appends waiting for their flush hold them.
    const handlers = new pg.Pool({ connectionString: t.pool.options.connectionString, max: 1 });
    const held = await handlers.connect();
    const notifications = await Notifications.open(t.pool);
    const writes = new SessionWrites(handlers.options, await SessionCache.open(t.pool, notifications));
    try {
      const session = {
        userId: user.userId,
        email: user.email,
        client: client(),
        token: "",
        expiry: 0,
        writtenPosition: 0,
      };
      await writes.record(session, 500);
      expect(await storedPosition()).toBe(500);
    } finally {
      await writes.close();
      notifications.close();
      held.release();
      await handlers.end();
    }
  });
});
