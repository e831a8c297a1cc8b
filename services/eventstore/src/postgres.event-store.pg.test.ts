import { randomUUID } from "node:crypto";
import { createTestDatabase } from "@hirestream/migrations/testing/test-database.ts";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { eventStoreContract, newEvents } from "./event-store.contract.ts";
import { PostgresEventStore } from "./postgres.event-store.ts";

eventStoreContract("postgres", async () => {
  const pool = new pg.Pool({ connectionString: await createTestDatabase(inject("postgresAdminUrl")), max: 20 });
  const store = new PostgresEventStore({ pool, pollIntervalMs: 5 });
  return {
    store,
    async appendSlowly(streamId, events, delayMs) {
      const client = await pool.connect();
      try {
        await client.query("begin");
        await store.appendWith(client, streamId, events, { expectedRevision: "no_stream" });
        await new Promise((resolve) => setTimeout(resolve, delayMs));
        await client.query("commit");
      } finally {
        client.release();
      }
    },
    async dispose() {
      await store.close();
      await pool.end();
    },
  };
});

describe("postgres appends to several streams inside the caller's transaction", () => {
  let pool: pg.Pool;
  let store: PostgresEventStore;
  beforeAll(async () => {
    pool = new pg.Pool({ connectionString: await createTestDatabase(inject("postgresAdminUrl")), max: 4 });
    store = new PostgresEventStore({ pool, pollIntervalMs: 5 });
  });
  afterAll(async () => {
    await store.close();
    await pool.end();
  });

  async function inTransaction<T>(work: (client: pg.PoolClient) => Promise<T>, commit = true): Promise<T> {
    const client = await pool.connect();
    try {
      await client.query("begin");
      const result = await work(client);
      await client.query(commit ? "commit" : "rollback");
      return result;
    } catch (error) {
      await client.query("rollback");
      throw error;
    } finally {
      client.release();
    }
  }

  const stream = () => `thing-${randomUUID()}`;

  it("numbers on from the transaction's earlier appends, and commits them with the caller's rows", async () => {
    const [alone, fresh, held] = [stream(), stream(), stream()];
    await store.appendToStream(held, newEvents(1), { expectedRevision: "no_stream" });
    const results = await inTransaction(async (client) => {
      await store.appendWith(client, alone, newEvents(2), { expectedRevision: "no_stream" });
      return store.appendToStreamsWith(client, [
        { streamId: fresh, events: newEvents(2), expectedRevision: -1 },
        { streamId: held, events: newEvents(1), expectedRevision: 0 },
      ]);
    });
    expect(results.map((result) => result?.nextExpectedRevision ?? null)).toEqual([1, 1]);
    const [first, second, third] = await store.readStreams(
      [alone, fresh, held].map((streamId) => ({ streamId, fromRevision: 0 })),
    );
    const positions = [...(first ?? []), ...(second ?? []), third?.[1]].map((event) => event?.position ?? 0);
    expect(new Set(positions).size).toBe(5);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(third?.[1]?.position).toBe(results[1]?.position);
  });

  it("answers null for a stream that moved on, and leaves nothing when the caller rolls back", async () => {
    const [moved, fresh] = [stream(), stream()];
    await store.appendToStream(moved, newEvents(2), { expectedRevision: "no_stream" });
    const results = await inTransaction(
      (client) =>
        store.appendToStreamsWith(client, [
          { streamId: moved, events: newEvents(1), expectedRevision: 0 },
          { streamId: fresh, events: newEvents(1), expectedRevision: -1 },
        ]),
      false,
    );
    expect(results.map((result) => result?.appended ?? null)).toEqual([null, true]);
    expect(await store.readStream(fresh)).toEqual([]);
    expect(await store.readStream(moved)).toHaveLength(2);
  });

  it("fails the caller's transaction on events stored already, and refuses more than a transaction holds", async () => {
    const id = stream();
    const events = newEvents(1);
    await store.appendToStream(id, events, { expectedRevision: "no_stream" });
    await expect(
      inTransaction((client) =>
        store.appendToStreamsWith(client, [{ streamId: stream(), events, expectedRevision: -1 }]),
      ),
    ).rejects.toThrow();
    await expect(
      inTransaction((client) =>
        store.appendToStreamsWith(client, [{ streamId: stream(), events: newEvents(4097), expectedRevision: -1 }]),
      ),
    ).rejects.toThrow(/at most 4096 events/);
  });
});

describe("postgres reads of $all beside transactions still running", () => {
  let pool: pg.Pool;
  let store: PostgresEventStore;
  let otherDatabase: string;
  beforeAll(async () => {
    pool = new pg.Pool({ connectionString: await createTestDatabase(inject("postgresAdminUrl")), max: 4 });
    store = new PostgresEventStore({ pool, pollIntervalMs: 5 });
    otherDatabase = await createTestDatabase(inject("postgresAdminUrl"));
  });
  afterAll(async () => {
    await store.close();
    await pool.end();
  });

  const stream = () => `thing-${randomUUID()}`;
  const read = async (after: number) =>
    (await store.readAll({ after, limit: 100 })).map((event) => [event.streamId, event.revision]);

  it("reads events past a transaction that another database of the same cluster keeps open", async () => {
    const start = await store.headPosition();
    // Another application's (or another test file's) database: none of this store's events can be in it.
    const other = new pg.Client({ connectionString: otherDatabase });
    await other.connect();
    try {
      await other.query("begin");
      await other.query("select pg_current_xact_id()");
      const id = stream();
      const appended = await store.appendToStream(id, newEvents(2), { expectedRevision: "no_stream" });
      expect(await read(start)).toEqual([
        [id, 0],
        [id, 1],
      ]);
      expect(await store.headPosition()).toBe(appended.position);
    } finally {
      await other.query("rollback");
      await other.end();
    }
  });

  it("holds $all back at an append of its own database still uncommitted, then reads both in position order", async () => {
    const start = await store.headPosition();
    const [slow, quick] = [stream(), stream()];
    const client = await pool.connect();
    try {
      await client.query("begin");
      await store.appendWith(client, slow, newEvents(1), { expectedRevision: "no_stream" });
      await store.appendToStream(quick, newEvents(1), { expectedRevision: "no_stream" });
      // The later append committed first: a reader taking it now would step past the slow one for good.
      expect(await read(start)).toEqual([]);
      await client.query("commit");
    } finally {
      client.release();
    }
    expect(await read(start)).toEqual([
      [slow, 0],
      [quick, 0],
    ]);
  });
});
