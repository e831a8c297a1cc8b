import { domainEvent } from "@hirestream/contracts/events.ts";
import type { RecordedEvent } from "@hirestream/eventstore/event-store.ts";
import type { PostgresEventStore } from "@hirestream/eventstore/postgres.event-store.ts";
import { type Kysely, sql } from "kysely";
import { afterEach, beforeEach, expect, it } from "vitest";
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

// A database per case: each starts from an empty log.
beforeEach(async () => {
  ({ db, store, checkpoint, close } = await openProjectorTestDb());
});
afterEach(async () => {
  await close();
});

const names = allProjections.map((projection) => projection.table);

/** The read models with `name`'s as a build with a bug in it: it throws on the event at `bad`. */
function withBroken(name: string, bad: number): AnyProjection[] {
  return allProjections.map((projection) =>
    projection.table !== name
      ? projection
      : {
          ...projection,
          apply(rows, event, context) {
            if (context.position === bad) throw new Error("a profile without a name");
            projection.apply(rows, event, context);
          },
        },
  );
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

// People fail on one of their own events; workspaces on a removal, whose event other read models
// (members, people) log rows at too, so the resumed rows must find their places beside theirs.
it.each([
  { name: "people", on: (type: string) => type.startsWith("Person"), seed: 21 },
  { name: "workspaces", on: (type: string) => type === "WorkspaceRemoved", seed: 23 },
])(
  "a read model ($name) that fails on an event stops there with the position and reason while the others reach the head, and after the fix resumes to what a clean rebuild makes",
  async ({ name, on, seed }) => {
    const broken = allProjections.find((projection) => projection.table === name);
    await appendSampleHistory(store, { commands: 600, seed });
    const events = await allEvents();
    const handled = events.filter((recorded) => {
      const event = domainEvent.safeParse({ type: recorded.type, data: recorded.data });
      return event.success && on(recorded.type) && (broken?.keys(event.data).length ?? 0) > 0;
    });
    const bad = handled[Math.floor(handled.length / 2)]?.position ?? 0;
    const badIndex = events.findIndex((event) => event.position === bad);
    const before = events[badIndex - 1]?.position ?? 0;
    expect(badIndex).toBeGreaterThan(0);

    // Read before the projector starts: its open transactions hide later appends for a moment.
    const head = events.at(-1)?.position ?? 0;
    const stopped: StoppedProjection[] = [];
    const buggy = startProjector({
      db,
      store,
      projections: withBroken(name, bad),
      idleMs: 5,
      batchSize: 50,
      onStopped: (s) => stopped.push(s),
      onError: () => undefined,
    });
    const othersAt = async (position: number) => {
      const states = await positionsOf();
      return names.filter((other) => other !== name).every((name) => states.get(name)?.position === position);
    };
    await expect.poll(() => othersAt(head), { timeout: 60_000 }).toBe(true);
    // More events while it stays stopped: the others go on.
    await appendSampleHistory(store, { commands: 100, seed: seed + 1 });
    // The projector's own open transaction hides later appends for a moment: read the head each time.
    let later = 0;
    const othersAtLaterHead = async () => {
      later = await lastPosition();
      return later > head && (await othersAt(later));
    };
    await expect.poll(othersAtLaterHead, { timeout: 60_000 }).toBe(true);

    const stuck = (await positionsOf()).get(name);
    expect(stuck).toEqual({ ...stuck, position: before, failedPosition: bad, failure: "a profile without a name" });
    expect(stopped).toEqual([{ name, position: bad, reason: "a profile without a name" }]);
    // Browsers are not let past it: its rows at those positions are still to come.
    expect(await checkpoint()).toBe(before);
    const { rows: log } = await sql<{ entity: string; n: string }>`select entity, count(*) as n from read.change_log
    where position >= ${bad} group by entity`.execute(db);
    expect(log.find((row) => row.entity === broken?.entity)).toBeUndefined();
    expect(log.length).toBeGreaterThan(0);

    const status = await projectorStatus(db, "read", withBroken(name, bad));
    const total = (await allEvents()).length;
    expect(status.horizon).toBe(before);
    for (const row of status.projections) {
      if (row.name === name) {
        expect(row).toMatchObject({ position: before, lagEvents: total - badIndex, failedPosition: bad });
        expect(row.lagSeconds).toBeGreaterThan(0);
      } else {
        expect(row).toMatchObject({ position: later, lagEvents: 0, lagSeconds: 0, failedPosition: null });
      }
    }
    const shown = formatStatus(status);
    expect(shown).toMatch(new RegExp(`^${name} +FAILED +${before} +${total - badIndex} `, "m"));
    expect(shown).toContain(`${name} failed at position ${bad}`);
    expect(shown).toContain("a profile without a name");
    await buggy.stop();

    // The fixed build starts: people resumes from where it stopped, and the horizon follows.
    const fixed = startProjector({ db, store, idleMs: 5, batchSize: 50, onError: () => undefined });
    await expect.poll(checkpoint, { timeout: 60_000 }).toBe(later);
    await fixed.stop();
    expect((await positionsOf()).get(name)).toMatchObject({ position: later, failedPosition: null });

    await rebuildReadModels({ db, store, target: `read_clean_${name}`, swap: false });
    const resumed = await snapshotSchema(db, "read");
    const clean = await snapshotSchema(db, `read_clean_${name}`);
    for (const table of Object.keys(clean)) expect(resumed[table], table).toEqual(clean[table]);
  },
  180_000,
);

it("a read model no browser holds stops alone without holding the browsers' horizon back", async () => {
  await appendSampleHistory(store, { commands: 300, seed: 31 });
  const events = await allEvents();
  const bad = events.find((recorded) => recorded.type === "UserPasswordResetRequested")?.position ?? 0;
  expect(bad).toBeGreaterThan(0);
  const head = events.at(-1)?.position ?? 0;
  const stopped: StoppedProjection[] = [];
  const buggy = startProjector({
    db,
    store,
    projections: withBroken("password_resets", bad),
    idleMs: 5,
    batchSize: 50,
    onStopped: (s) => stopped.push(s),
    onError: () => undefined,
  });
  await expect.poll(checkpoint, { timeout: 60_000 }).toBe(head);
  await buggy.stop();
  expect(stopped).toEqual([{ name: "password_resets", position: bad, reason: "a profile without a name" }]);
  expect((await positionsOf()).get("password_resets")).toMatchObject({ failedPosition: bad });
});
