import { randomUUID } from "node:crypto";
import { DomainError } from "@hirestream/contracts/errors.ts";
import type { RecordedEvent } from "@hirestream/eventstore/event-store.ts";
import { type Kysely, sql } from "kysely";
import { afterEach, beforeEach, expect, it } from "vitest";
import { CHECKPOINT } from "../project-batch.ts";
import { startProjector } from "../projector.ts";
import { rebuildReadModels } from "../rebuild.ts";
import { openProjectorTestDb, type ProjectorTestDb } from "../testing/projector-test-db.ts";
import { type Reaction, reactionRegistry } from "./reaction.ts";
import { checkpointOf, REACTIONS_CHECKPOINT, startReactor } from "./reactor.ts";

let t: ProjectorTestDb;
const stops: (() => Promise<void>)[] = [];

beforeEach(async () => {
  t = await openProjectorTestDb();
  await sql`create table reacted (event_id uuid primary key, seq serial)`.execute(t.db);
  stops.push(startProjector({ db: t.db, store: t.store, idleMs: 5 }).stop);
});
afterEach(async () => {
  for (const stop of stops.splice(0).reverse()) await stop();
  await t.close();
});

/** Appends one event of `type` in a stream of its own. */
async function append(type: string): Promise<string> {
  const id = randomUUID();
  const metadata = {
    commandId: id,
    userId: null,
    correlationId: id,
    causationId: id,
    occurredAt: "2026-11-24T12:00:00Z",
  };
  await t.store.appendToStream(`note-${id}`, [{ id, type, data: {}, metadata }], { expectedRevision: "no_stream" });
  return id;
}

/** A reaction that records, in the reactor's transaction, each event it was given. */
function recording(react?: (event: RecordedEvent, trx: Kysely<unknown>) => Promise<void>): Reaction {
  return {
    name: "recording",
    types: ["Noted"],
    async react(event, trx) {
      await sql`insert into reacted (event_id) values (${event.id})`.execute(trx);
      await react?.(event, trx);
    },
  };
}

function run(reaction: Reaction, onError?: (error: unknown) => void) {
  const reactor = startReactor({
    db: t.db,
    store: t.store,
    reactions: reactionRegistry([reaction]),
    idleMs: 5,
    batchSize: 7,
    ...(onError ? { onError } : {}),
  });
  stops.push(reactor.stop);
  return reactor;
}

const reacted = async () =>
  (await sql<{ event_id: string }>`select event_id from reacted order by seq`.execute(t.db)).rows.map(
    (r) => r.event_id,
  );

/** The read models hold every event appended so far: the reactor may then take any of them. */
async function projected(): Promise<boolean> {
  const { rows } = await sql<{ position: string }>`select position from read.checkpoint
    where name = ${CHECKPOINT}`.execute(t.db);
  return Number(rows[0]?.position ?? 0) >= (await t.store.headPosition());
}

async function caughtUp(): Promise<boolean> {
  return (await checkpointOf(t.db, REACTIONS_CHECKPOINT)) >= (await t.store.headPosition());
}

it("gives every event of its types to a reaction once, in the log's order, and not again after a rebuild", async () => {
  const noted: string[] = [];
  for (let i = 0; i < 20; i++) {
    noted.push(await append("Noted"));
    await append("Ignored");
  }
  const first = run(recording());
  await expect.poll(reacted, { timeout: 20_000 }).toHaveLength(20);
  expect(await reacted()).toEqual(noted);

  // Restarted, and after the read models are rebuilt from the start: nothing is reacted to twice.
  await first.stop();
  await rebuildReadModels({ db: t.db, store: t.store });
  const later = await append("Noted");
  run(recording());
  await expect.poll(reacted, { timeout: 20_000 }).toHaveLength(21);
  await expect.poll(caughtUp, { timeout: 20_000 }).toBe(true);
  expect(await reacted()).toEqual([...noted, later]);
});

it("rolls a failed reaction's writes back with its checkpoint and runs it again; a domain refusal is passed over", async () => {
  const failing = await append("Noted");
  const refused = await append("Noted");
  const after = await append("Noted");
  let failures = 0;
  const errors: string[] = [];
  run(
    recording(async (event) => {
      if (event.id === failing && failures++ === 0) throw new Error("connection lost");
      if (event.id === refused) throw new DomainError("FORBIDDEN");
    }),
    (error) => errors.push(error instanceof Error ? error.message : String(error)),
  );
  await expect.poll(caughtUp, { timeout: 20_000 }).toBe(true);
  expect(await reacted()).toEqual([failing, after]);
  expect(failures).toBe(2);
  expect(errors).toEqual(["connection lost", expect.stringContaining(`refused for event ${refused}: FORBIDDEN`)]);
});

it("hands a batch-aware reaction its events together in the log's order, rolls a failed batch back and runs it again, and goes event by event past a refusal", async () => {
  const noted: string[] = [];
  for (let i = 0; i < 12; i++) {
    noted.push(await append("Noted"));
    await append("Ignored");
  }
  const refused = noted[9];
  const batches: number[] = [];
  let failures = 0;
  const errors: string[] = [];
  const reaction: Reaction = {
    ...recording(async (event) => {
      if (event.id === refused) throw new DomainError("FORBIDDEN");
    }),
    async reactBatch(events, trx) {
      batches.push(events.length);
      for (const event of events) await sql`insert into reacted (event_id) values (${event.id})`.execute(trx);
      if (failures++ === 0) throw new Error("connection lost");
      if (events.some((event) => event.id === refused)) throw new DomainError("FORBIDDEN");
    },
  };
  // The reactor takes only what the read models hold: started while they still catch up, its first
  // batch would end where they were, and the batch run again hold more than the one that failed.
  await expect.poll(projected, { timeout: 20_000 }).toBe(true);
  run(reaction, (error) => errors.push(error instanceof Error ? error.message : String(error)));
  await expect.poll(caughtUp, { timeout: 20_000 }).toBe(true);
  expect(await reacted()).toEqual(noted.filter((id) => id !== refused));
  // A batch of 7 events holds 3 or 4 of the noted ones; the failed first batch ran again.
  expect(batches.length).toBeGreaterThan(3);
  expect(batches[0]).toBe(batches[1]);
  expect(Math.max(...batches)).toBeLessThanOrEqual(4);
  expect(errors).toEqual(["connection lost", expect.stringContaining(`refused for event ${refused}: FORBIDDEN`)]);
});
