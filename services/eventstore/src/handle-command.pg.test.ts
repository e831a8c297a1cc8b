import { randomUUID } from "node:crypto";
import { DomainError } from "@hirestream/contracts/errors.ts";
import { createTestDatabase } from "@hirestream/migrations/testing/test-database.ts";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { AggregateCache } from "./aggregate-cache.ts";
import { newEvents } from "./event-store.contract.ts";
import type { EventStore } from "./event-store.ts";
import { handleCommand } from "./handle-command.ts";
import { PostgresEventStore } from "./postgres.event-store.ts";

type CounterEvent = { type: "Incremented"; data: { by: number } };
const counter = {
  initialState: () => 0,
  evolve: (total: number, event: CounterEvent) => total + event.data.by,
  decide: (total: number, command: { by: number; max: number }) => {
    if (total + command.by > command.max) throw new DomainError("VALIDATION", "over the limit");
    return [{ type: "Incremented" as const, data: { by: command.by } }];
  },
};
const parse = (stored: { type: string; data: unknown }): CounterEvent | undefined =>
  stored.type === "Incremented" && typeof stored.data === "object" && stored.data !== null && "by" in stored.data
    ? { type: "Incremented", data: { by: Number(stored.data.by) } }
    : undefined;

let pool: pg.Pool;
let store: PostgresEventStore;
beforeAll(async () => {
  pool = new pg.Pool({ connectionString: await createTestDatabase(inject("postgresAdminUrl")) });
  store = new PostgresEventStore({ pool });
});
afterAll(async () => {
  await pool.end();
});

const context = { now: new Date("2026-11-22T12:00:00Z"), actorId: null };

/** The real store, with a rival writer that appends right after the handler reads, `times` times. */
function withRival(streamId: string, times: number): EventStore {
  let left = times;
  return {
    appendToStream: (id, events, options) => store.appendToStream(id, events, options),
    appendToStreams: (appends) => store.appendToStreams(appends),
    readAll: (options) => store.readAll(options),
    readStreams: (reads) => store.readStreams(reads),
    subscribeToAll: (after, handler) => store.subscribeToAll(after, handler),
    headPosition: () => store.headPosition(),
    close: async () => undefined,
    async readStream(id) {
      const events = await store.readStream(id);
      if (left-- > 0) {
        await store.appendToStream(
          streamId,
          newEvents(1).map((e) => ({ ...e, type: "Incremented", data: { by: 1 } })),
          { expectedRevision: "any" },
        );
      }
      return events;
    },
  };
}

describe("handleCommand", () => {
  it("appends the decided events with ids derived from the command id and answers their position", async () => {
    const streamId = `counter-${randomUUID()}`;
    const commandId = randomUUID();
    const outcome = await handleCommand(store, counter, parse, {
      streamId,
      command: { by: 2, max: 10 },
      context,
      commandId,
    });
    expect(outcome.state).toBe(2);
    const [stored] = await store.readStream(streamId);
    expect(stored?.position).toBe(outcome.position);
    expect(stored?.metadata).toMatchObject({
      commandId,
      correlationId: commandId,
      occurredAt: "2026-11-22T12:00:00.000Z",
    });
  });

  it("re-reads and decides again once after a conflicting write, deciding on the new state", async () => {
    const streamId = `counter-${randomUUID()}`;
    await handleCommand(store, counter, parse, {
      streamId,
      command: { by: 1, max: 10 },
      context,
      commandId: randomUUID(),
    });
    const outcome = await handleCommand(withRival(streamId, 1), counter, parse, {
      streamId,
      command: { by: 5, max: 10 },
      context,
      commandId: randomUUID(),
    });
    expect(outcome.state).toBe(7);
    expect((await store.readStream(streamId)).map((e) => e.data)).toEqual([{ by: 1 }, { by: 1 }, { by: 5 }]);
  });

  it("gives up with CONFLICT when the stream changes under it twice", async () => {
    const streamId = `counter-${randomUUID()}`;
    await handleCommand(store, counter, parse, {
      streamId,
      command: { by: 1, max: 10 },
      context,
      commandId: randomUUID(),
    });
    const attempt = handleCommand(withRival(streamId, 2), counter, parse, {
      streamId,
      command: { by: 1, max: 10 },
      context,
      commandId: randomUUID(),
    });
    await expect(attempt).rejects.toMatchObject({ code: "CONFLICT" });
    expect(await store.readStream(streamId)).toHaveLength(3);
  });

  it("appends nothing and answers position 0 when the decision is to change nothing", async () => {
    const none = { ...counter, decide: () => [] as CounterEvent[] };
    const streamId = `counter-${randomUUID()}`;
    const outcome = await handleCommand(store, none, parse, {
      streamId,
      command: { by: 1, max: 1 },
      context,
      commandId: randomUUID(),
    });
    expect(outcome).toEqual({ state: 0, events: [], position: 0 });
    expect(await store.readStream(streamId)).toEqual([]);
  });

  it("with expectNew, appends without reading, and on an existing stream decides on its real state", async () => {
    const streamId = `counter-${randomUUID()}`;
    const fresh = await handleCommand(store, counter, parse, {
      streamId,
      command: { by: 4, max: 5 },
      context,
      commandId: randomUUID(),
      expectNew: true,
    });
    expect(fresh.state).toBe(4);
    const again = handleCommand(store, counter, parse, {
      streamId,
      command: { by: 4, max: 5 },
      context,
      commandId: randomUUID(),
      expectNew: true,
    });
    await expect(again).rejects.toMatchObject({ code: "VALIDATION" });
    expect(await store.readStream(streamId)).toHaveLength(1);
  });

  it("with a cache, reads only the newer events and still sees another process's writes", async () => {
    const cache = new AggregateCache();
    const streamId = `counter-${randomUUID()}`;
    const run = (by: number) =>
      handleCommand(
        store,
        counter,
        parse,
        { streamId, command: { by, max: 100 }, context, commandId: randomUUID() },
        cache,
      );
    await run(1);
    await run(2);
    expect(cache.get(counter, streamId)).toEqual({ revision: 1, state: 3 });
    // Another process appends behind this one's back.
    await store.appendToStream(
      streamId,
      newEvents(1).map((e) => ({ ...e, type: "Incremented", data: { by: 10 } })),
      {
        expectedRevision: 1,
      },
    );
    const outcome = await run(4);
    expect(outcome.state).toBe(17);
    expect(cache.get(counter, streamId)).toEqual({ revision: 3, state: 17 });
  });

  it("with a cache, decides on the cached state without reading the stream", async () => {
    const cache = new AggregateCache();
    const streamId = `counter-${randomUUID()}`;
    const reads: string[] = [];
    const counting: EventStore = {
      ...withRival(streamId, 0),
      async readStream(id, options) {
        reads.push(id);
        return store.readStream(id, options);
      },
    };
    const run = (by: number) =>
      handleCommand(
        counting,
        counter,
        parse,
        { streamId, command: { by, max: 100 }, context, commandId: randomUUID() },
        cache,
      );
    await run(1);
    expect(reads).toEqual([streamId]);
    const outcome = await run(2);
    expect(reads).toEqual([streamId]);
    expect(outcome.state).toBe(3);
    expect((await store.readStream(streamId)).map((e) => e.data)).toEqual([{ by: 1 }, { by: 2 }]);
  });

  it("with a cache that refuses, reads the newer events and decides again on them", async () => {
    const cache = new AggregateCache();
    const streamId = `counter-${randomUUID()}`;
    const run = (by: number, max: number) =>
      handleCommand(store, counter, parse, { streamId, command: { by, max }, context, commandId: randomUUID() }, cache);
    await run(3, 10);
    // Another process takes the total back to 0: the cached 3 would refuse 8 against a limit of 10.
    await store.appendToStream(
      streamId,
      newEvents(1).map((e) => ({ ...e, type: "Incremented", data: { by: -3 } })),
      { expectedRevision: 0 },
    );
    const outcome = await run(8, 10);
    expect(outcome.state).toBe(8);
    expect(cache.get(counter, streamId)).toEqual({ revision: 2, state: 8 });
    await expect(run(5, 10)).rejects.toMatchObject({ code: "VALIDATION" });
  });

  it("with a cache, a refusal that holds on the stream's real state stands", async () => {
    const cache = new AggregateCache();
    const streamId = `counter-${randomUUID()}`;
    const run = (by: number) =>
      handleCommand(
        store,
        counter,
        parse,
        { streamId, command: { by, max: 5 }, context, commandId: randomUUID() },
        cache,
      );
    await run(4);
    await expect(run(2)).rejects.toMatchObject({ code: "VALIDATION" });
    expect(await store.readStream(streamId)).toHaveLength(1);
  });

  it("the cache drops the least recently used stream beyond its capacity", () => {
    const cache = new AggregateCache(2);
    cache.set(counter, "a", { revision: 0, state: 1 });
    cache.set(counter, "b", { revision: 0, state: 2 });
    cache.get(counter, "a");
    cache.set(counter, "c", { revision: 0, state: 3 });
    expect([cache.get(counter, "a"), cache.get(counter, "b"), cache.get(counter, "c")]).toEqual([
      { revision: 0, state: 1 },
      undefined,
      { revision: 0, state: 3 },
    ]);
  });
});
