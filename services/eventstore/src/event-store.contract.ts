import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deriveEventId } from "./event-id.ts";
import type { EventStore, NewEvent, RecordedEvent } from "./event-store.ts";
import { WrongExpectedRevisionError } from "./event-store.ts";

export interface EventStoreUnderTest {
  store: EventStore;
  /** Appends as one writer would, holding the commit back for `delayMs` where the adapter has transactions. */
  appendSlowly(streamId: string, events: NewEvent[], delayMs: number): Promise<void>;
  dispose(): Promise<void>;
}

export function newEvents(count: number, commandId: string = randomUUID()): NewEvent[] {
  return Array.from({ length: count }, (_, index) => ({
    id: deriveEventId(commandId, index),
    type: "ThingHappened",
    data: { index, note: "ünïcode ✓" },
    metadata: {
      commandId,
      userId: null,
      correlationId: commandId,
      causationId: commandId,
      occurredAt: "2026-11-22T12:00:00.000Z",
    },
  }));
}

const stream = () => `thing-${randomUUID()}`;

/** The behaviour every EventStore adapter must have; run once per adapter. */
export function eventStoreContract(name: string, open: () => Promise<EventStoreUnderTest>): void {
  describe(`${name} event store contract`, () => {
    let subject: EventStoreUnderTest;
    let store: EventStore;
    beforeAll(async () => {
      subject = await open();
      store = subject.store;
    });
    afterAll(async () => {
      await subject?.dispose();
    });

    it("reads back appended events in order with their data and metadata", async () => {
      const id = stream();
      const events = newEvents(3);
      const result = await store.appendToStream(id, events, { expectedRevision: "no_stream" });
      expect(result).toMatchObject({ nextExpectedRevision: 2, appended: true });
      const read = await store.readStream(id);
      expect(read.map((e) => [e.revision, e.id, e.type, e.data])).toEqual(
        events.map((e, i) => [i, e.id, e.type, e.data]),
      );
      expect(read[0]?.metadata).toEqual(events[0]?.metadata);
      expect(read[2]?.position).toBe(result.position);
      expect(read[0]?.position).toBeLessThan(read[1]?.position ?? 0);
    });

    it("reads a stream from a given revision on", async () => {
      const id = stream();
      await store.appendToStream(id, newEvents(4), { expectedRevision: "no_stream" });
      expect((await store.readStream(id, { fromRevision: 2 })).map((e) => e.revision)).toEqual([2, 3]);
      expect(await store.readStream(id, { fromRevision: 4 })).toEqual([]);
    });

    it("reads an unknown stream as empty", async () => {
      expect(await store.readStream(stream())).toEqual([]);
    });

    it("reads several streams at once, each from its own revision, in the order asked", async () => {
      const [first, second, unknown] = [stream(), stream(), stream()];
      await store.appendToStream(first, newEvents(3), { expectedRevision: "no_stream" });
      await store.appendToStream(second, newEvents(2), { expectedRevision: "no_stream" });
      const read = await store.readStreams([
        { streamId: second, fromRevision: 0 },
        { streamId: unknown, fromRevision: 0 },
        { streamId: first, fromRevision: 1 },
        { streamId: second, fromRevision: 2 },
      ]);
      expect(read.map((events) => events.map((e) => [e.streamId, e.revision]))).toEqual([
        [
          [second, 0],
          [second, 1],
        ],
        [],
        [
          [first, 1],
          [first, 2],
        ],
        [],
      ]);
      expect(read[2]).toEqual((await store.readStream(first)).slice(1));
      expect(await store.readStreams([])).toEqual([]);
    });

    it("accepts no_stream only for a new stream", async () => {
      const id = stream();
      await store.appendToStream(id, newEvents(1), { expectedRevision: "no_stream" });
      await expect(store.appendToStream(id, newEvents(1), { expectedRevision: "no_stream" })).rejects.toBeInstanceOf(
        WrongExpectedRevisionError,
      );
    });

    it("accepts exists only for an existing stream", async () => {
      const id = stream();
      await expect(store.appendToStream(id, newEvents(1), { expectedRevision: "exists" })).rejects.toBeInstanceOf(
        WrongExpectedRevisionError,
      );
      await store.appendToStream(id, newEvents(1), { expectedRevision: "any" });
      const result = await store.appendToStream(id, newEvents(1), { expectedRevision: "exists" });
      expect(result.nextExpectedRevision).toBe(1);
    });

    it("accepts an exact revision only when it is the stream's last", async () => {
      const id = stream();
      await store.appendToStream(id, newEvents(2), { expectedRevision: "no_stream" });
      const conflict = await store.appendToStream(id, newEvents(1), { expectedRevision: 0 }).catch((e: unknown) => e);
      expect(conflict).toBeInstanceOf(WrongExpectedRevisionError);
      expect(conflict).toMatchObject({ streamId: id, expected: 0, actual: 1 });
      const result = await store.appendToStream(id, newEvents(1), { expectedRevision: 1 });
      expect(result.nextExpectedRevision).toBe(2);
      await expect(store.appendToStream(stream(), newEvents(1), { expectedRevision: 0 })).rejects.toBeInstanceOf(
        WrongExpectedRevisionError,
      );
    });

    it("accepts any revision with any", async () => {
      const id = stream();
      await store.appendToStream(id, newEvents(1), { expectedRevision: "any" });
      const result = await store.appendToStream(id, newEvents(2), { expectedRevision: "any" });
      expect(result.nextExpectedRevision).toBe(2);
    });

    it("lets exactly one of two racing appends with the same expected revision win", async () => {
      const id = stream();
      await store.appendToStream(id, newEvents(1), { expectedRevision: "no_stream" });
      const outcomes = await Promise.allSettled([
        store.appendToStream(id, newEvents(1), { expectedRevision: 0 }),
        store.appendToStream(id, newEvents(1), { expectedRevision: 0 }),
      ]);
      expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
      const rejected = outcomes.find((o) => o.status === "rejected");
      expect(rejected?.status === "rejected" && rejected.reason).toBeInstanceOf(WrongExpectedRevisionError);
      expect(await store.readStream(id)).toHaveLength(2);
    });

    it("appends nothing when the same command is retried", async () => {
      const id = stream();
      const commandId = randomUUID();
      const first = await store.appendToStream(id, newEvents(2, commandId), { expectedRevision: "no_stream" });
      const retry = await store.appendToStream(id, newEvents(2, commandId), { expectedRevision: "no_stream" });
      expect(retry).toEqual({ ...first, appended: false });
      expect(await store.readStream(id)).toHaveLength(2);
    });

    it("appends to several streams at once where each expected revision holds, and nothing twice", async () => {
      const [fresh, moved, held] = [stream(), stream(), stream()];
      await store.appendToStream(moved, newEvents(2), { expectedRevision: "no_stream" });
      await store.appendToStream(held, newEvents(1), { expectedRevision: "no_stream" });
      const appends = [
        { streamId: fresh, events: newEvents(2), expectedRevision: -1 },
        { streamId: moved, events: newEvents(1), expectedRevision: 0 },
        { streamId: held, events: newEvents(1), expectedRevision: 0 },
      ];
      const results = await store.appendToStreams(appends);
      expect(results.map((result) => result?.nextExpectedRevision ?? null)).toEqual([1, null, 1]);
      const read = await store.readStreams([fresh, moved, held].map((streamId) => ({ streamId, fromRevision: 0 })));
      expect(read.map((events) => events.length)).toEqual([2, 2, 2]);
      expect(read[2]?.[1]?.position).toBe(results[2]?.position);
      // Again, as a crashed worker would: the stored events make it append nothing.
      expect(await store.appendToStreams(appends)).toEqual([null, null, null]);
      expect(await store.readStream(fresh)).toHaveLength(2);
      expect(await store.appendToStreams([])).toEqual([]);
    });

    it("reads $all from a position onwards", async () => {
      const id = stream();
      const first = await store.appendToStream(id, newEvents(2), { expectedRevision: "no_stream" });
      const second = await store.appendToStream(id, newEvents(3), { expectedRevision: 1 });
      // A reader of $all may hold events back while an older transaction still runs (another
      // test's, a CREATE DATABASE beside it): they show once it ends, so wait for the last one.
      let after: RecordedEvent[] = [];
      await expect
        .poll(
          async () => {
            after = await readAllAfter(store, first.position);
            return after.some((e) => e.position === second.position);
          },
          { timeout: 10_000 },
        )
        .toBe(true);
      const mine = after.filter((e) => e.streamId === id);
      expect(mine.map((e) => e.revision)).toEqual([2, 3, 4]);
      expect(mine.at(-1)?.position).toBe(second.position);
      expect(after.every((e) => e.position > first.position)).toBe(true);
      expect(await store.headPosition()).toBeGreaterThanOrEqual(second.position);
    });

    it("delivers every event once, in position order, to a subscriber under 8 concurrent slow writers", async () => {
      const start = await store.headPosition();
      const received: RecordedEvent[] = [];
      const subscription = store.subscribeToAll(start, async (batch) => {
        received.push(...batch);
      });
      const writers = 8;
      const appendsPerWriter = 25;
      const written = new Set<string>();
      await Promise.all(
        Array.from({ length: writers }, async (_, writer) => {
          for (let n = 0; n < appendsPerWriter; n++) {
            const events = newEvents(1 + ((writer + n) % 3));
            for (const e of events) written.add(e.id);
            await subject.appendSlowly(`writer-${writer}-${randomUUID()}`, events, Math.random() * 15);
          }
        }),
      );
      const deadline = Date.now() + 20_000;
      while (received.filter((e) => written.has(e.id)).length < written.size && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      await subscription.stop();
      const mine = received.filter((e) => written.has(e.id));
      expect(new Set(mine.map((e) => e.id)).size).toBe(mine.length);
      expect(mine).toHaveLength(written.size);
      const positions = received.map((e) => e.position);
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
      expect(new Set(positions).size).toBe(positions.length);
    });
  });
}

async function readAllAfter(store: EventStore, after: number): Promise<RecordedEvent[]> {
  const all: RecordedEvent[] = [];
  let from = after;
  for (;;) {
    const page = await store.readAll({ after: from, limit: 100 });
    all.push(...page);
    const last = page.at(-1);
    if (!last || page.length < 100) return all;
    from = last.position;
  }
}
