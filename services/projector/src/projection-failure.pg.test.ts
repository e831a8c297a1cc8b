import { domainEvent } from "@hirestream/contracts/events.ts";
import type { RecordedEvent } from "@hirestream/eventstore/event-store.ts";
import type { PostgresEventStore } from "@hirestream/eventstore/postgres.event-store.ts";
import { type Kysely, sql } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import { formatStatus } from "./format-status.ts";
import type { Projection } from "./projection.ts";
import { readProjectionStates } from "./projection-states.ts";
import { projectorStatus } from "./projection-status.ts";
import { startProjector } from "./projector.ts";
import { allProjections } from "./read-models/all.ts";
import { rebuildReadModels } from "./rebuild.ts";
import type { StoppedProjection } from "./run-batch.ts";
import { openProjectorTestDb } from "./testing/projector-test-db.ts";
import { appendSampleHistory } from "./testing/sample-history.ts";
import { snapshotSchema } from "./testing/schema-snapshot.ts";

type AnyProjection = Projection<{ id: string }>;

let db: Kysely<unknown>;
let store: PostgresEventStore;
let checkpoint: () => Promise<number>;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ db, store, checkpoint, close } = await openProjectorTestDb());
});
afterAll(async () => {
  await close();
});

const names = allProjections.map((projection) => projection.table);
const people = allProjections.find((projection) => projection.table === "people");

/** The people read model as a build with a bug in it: it throws on the event at `bad`. */
function withBrokenPeople(bad: number): AnyProjection[] {
  if (!people) throw new Error("no people read model");
  const broken: AnyProjection = {
    ...people,
    apply(rows, event, context) {
      if (context.position === bad) throw new Error("a profile without a name");
      people.apply(rows, event, context);
    },
  };
  return allProjections.map((projection) => (projection === people ? broken : projection));
}

async function allEvents(): Promise<RecordedEvent[]> {
  const events: RecordedEvent[] = [];
  for (let after = 0; ; ) {
    const page = await store.readAll({ after, limit: 1000 });
    if (page.length === 0) return events;
    events.push(...page);
    after = page.at(-1)?.position ?? after;
  }
}

async function lastPosition(): Promise<number> {
  return (await allEvents()).at(-1)?.position ?? 0;
}

async function positionsOf(): Promise<Map<string, { position: number; failedPosition: number | null }>> {
  return readProjectionStates(db, "read", names);
}

it("a read model that fails on an event stops there with the position and reason while the others reach the head, and after the fix resumes to what a clean rebuild makes", async () => {
  await appendSampleHistory(store, { commands: 600, seed: 21 });
  const events = await allEvents();
  const forPeople = events.filter((recorded) => {
    const event = domainEvent.safeParse({ type: recorded.type, data: recorded.data });
    return event.success && (people?.keys(event.data).length ?? 0) > 0;
  });
  const bad = forPeople[Math.floor(forPeople.length / 2)]?.position ?? 0;
  const badIndex = events.findIndex((event) => event.position === bad);
  const before = events[badIndex - 1]?.position ?? 0;
  expect(badIndex).toBeGreaterThan(0);

  const stopped: StoppedProjection[] = [];
  const broken = startProjector({
    db,
    store,
    projections: withBrokenPeople(bad),
    idleMs: 5,
    batchSize: 50,
    onStopped: (s) => stopped.push(s),
    onError: () => undefined,
  });
  const head = await lastPosition();
  const othersAt = async (position: number) => {
    const states = await positionsOf();
    return names.filter((name) => name !== "people").every((name) => states.get(name)?.position === position);
  };
  await expect.poll(() => othersAt(head), { timeout: 60_000 }).toBe(true);
  // More events while it stays stopped: the others go on.
  await appendSampleHistory(store, { commands: 100, seed: 22 });
  // The projector's own open transaction hides later appends for a moment: read the head each time.
  let later = 0;
  const othersAtLaterHead = async () => {
    later = await lastPosition();
    return later > head && (await othersAt(later));
  };
  await expect.poll(othersAtLaterHead, { timeout: 60_000 }).toBe(true);

  const stuck = (await positionsOf()).get("people");
  expect(stuck).toEqual({ ...stuck, position: before, failedPosition: bad, failure: "a profile without a name" });
  expect(stopped).toEqual([{ name: "people", position: bad, reason: "a profile without a name" }]);
  // Browsers are not let past it: its rows at those positions are still to come.
  expect(await checkpoint()).toBe(before);
  const { rows: log } = await sql<{ entity: string; n: string }>`select entity, count(*) as n from read.change_log
    where position >= ${bad} group by entity`.execute(db);
  expect(log.find((row) => row.entity === "person")).toBeUndefined();
  expect(log.length).toBeGreaterThan(0);

  const status = await projectorStatus(db, "read", withBrokenPeople(bad));
  const total = (await allEvents()).length;
  expect(status.horizon).toBe(before);
  for (const row of status.projections) {
    if (row.name === "people") {
      expect(row).toMatchObject({ position: before, lagEvents: total - badIndex, failedPosition: bad });
      expect(row.lagSeconds).toBeGreaterThan(0);
    } else {
      expect(row).toMatchObject({ position: later, lagEvents: 0, lagSeconds: 0, failedPosition: null });
    }
  }
  const shown = formatStatus(status);
  expect(shown).toMatch(new RegExp(`^people +FAILED +${before} +${total - badIndex} `, "m"));
  expect(shown).toContain(`people failed at position ${bad}`);
  expect(shown).toContain("a profile without a name");
  await broken.stop();

  // The fixed build starts: people resumes from where it stopped, and the horizon follows.
  const fixed = startProjector({ db, store, idleMs: 5, batchSize: 50, onError: () => undefined });
  await expect.poll(checkpoint, { timeout: 60_000 }).toBe(later);
  await fixed.stop();
  expect((await positionsOf()).get("people")).toMatchObject({ position: later, failedPosition: null });

  await rebuildReadModels({ db, store, target: "read_clean", swap: false });
  const resumed = await snapshotSchema(db, "read");
  const clean = await snapshotSchema(db, "read_clean");
  for (const table of Object.keys(clean)) expect(resumed[table], table).toEqual(clean[table]);
}, 180_000);
