import type { EventStore } from "@hirestream/eventstore/event-store.ts";
import { type Kysely, sql } from "kysely";
import { ACCESS_CHANNEL, ACCESS_CHECKPOINT, CHANGES_CHANNEL, projectBatch } from "./project-batch.ts";
import type { Projection } from "./projection.ts";
import { clearFailures, ensureProjectionStates, firstFailure, readProjectionStates } from "./projection-states.ts";
import { allProjections } from "./read-models/all.ts";
import { runBatch, type StoppedProjection } from "./run-batch.ts";

export interface RebuildOptions {
  db: Kysely<unknown>;
  store: EventStore;
  /** The serving schema whose tables are copied, and which is replaced at the end unless `swap` is false. */
  live?: string;
  /** Where the rebuild happens; a leftover one with the same tables is resumed. */
  target?: string;
  swap?: boolean;
  batchSize?: number;
  projections?: Projection<{ id: string }>[];
  onProgress?: (done: number, total: number) => void;
  /** A read model stopped at an event; the others go on, and nothing is swapped in at the end. */
  onStopped?: (stopped: StoppedProjection) => void;
}

export interface RebuildReport {
  events: number;
  seconds: number;
  resumed: boolean;
}

/**
 * Fills a fresh copy of every read model from position 0 while the live schema keeps serving,
 * then, in one transaction, applies what arrived meanwhile and puts the copy in its place.
 */
export async function rebuildReadModels(options: RebuildOptions): Promise<RebuildReport> {
  const live = options.live ?? "read";
  const target = options.target ?? `${live}_next`;
  const projections = options.projections ?? allProjections;
  const batchSize = options.batchSize ?? 5000;
  const db = options.db;
  const resumed = await prepareTarget(db, live, target);
  const names = projections.map((projection) => projection.table);
  // Run again after a read model stopped: it is tried again from where it stopped (a fixed build).
  await clearFailures(db, target, names);
  const states = await ensureProjectionStates(db, target, names);
  let after = Math.min(...[...states.values()].map((state) => state.position));
  const total = await countEvents(db);
  let done = after === 0 ? 0 : await countEvents(db, after);
  const started = performance.now();
  let projected = 0;
  options.onProgress?.(done, total);
  for (;;) {
    const events = await options.store.readAll({ after, limit: batchSize });
    if (events.length === 0) break;
    const from = after;
    const applied = await runBatch(db, target, from, events, projections, states, {
      notify: false,
      ...(options.onStopped ? { onStopped: options.onStopped } : {}),
    });
    if (!applied) throw new Error(`another rebuild into ${target} is running`);
    after = events[events.length - 1]?.position ?? after;
    done += events.length;
    projected += events.length;
    options.onProgress?.(done, Math.max(total, done));
  }
  const seconds = (performance.now() - started) / 1000;
  const failed = firstFailure(await readProjectionStates(db, target, names));
  if (failed) {
    throw new Error(
      `read model ${failed.name} stopped at position ${failed.failedPosition}: ${failed.failure}. Nothing was swapped in; fix it and run again: the rebuild resumes.`,
    );
  }
  if (options.swap !== false) await swapIn(db, options.store, live, target, after, projections);
  return { events: projected, seconds, resumed };
}

export async function tablesOf(db: Kysely<unknown>, schema: string): Promise<string[]> {
  const { rows } = await sql<{ tablename: string }>`select tablename from pg_tables where schemaname = ${schema}
    order by tablename`.execute(db);
  return rows.map((r) => r.tablename);
}

export async function prepareTarget(db: Kysely<unknown>, live: string, target: string): Promise<boolean> {
  const liveTables = await tablesOf(db, live);
  const targetTables = await tablesOf(db, target);
  if (targetTables.length > 0 && targetTables.join() === liveTables.join()) return true;
  await db.transaction().execute(async (trx) => {
    await sql`drop schema if exists ${sql.id(target)} cascade`.execute(trx);
    await sql`create schema ${sql.id(target)}`.execute(trx);
    for (const table of liveTables) {
      await sql`create table ${sql.table(`${target}.${table}`)} (like ${sql.table(`${live}.${table}`)} including all)`.execute(
        trx,
      );
    }
  });
  return false;
}

/** For the progress bar only; a store that is not this database counts as unknown (0). */
export async function countEvents(db: Kysely<unknown>, upTo = Number.MAX_SAFE_INTEGER): Promise<number> {
  try {
    const { rows } = await sql<{ count: string }>`select count(*) as count from events
      where global_position <= ${upTo}`.execute(db);
    return Number(rows[0]?.count ?? 0);
  } catch {
    return 0;
  }
}

async function swapIn(
  db: Kysely<unknown>,
  store: EventStore,
  live: string,
  target: string,
  after: number,
  projections: Projection<{ id: string }>[],
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // Stops the live runner between two batches; it resumes against the new schema's checkpoint.
    await sql`lock table ${sql.table(`${live}.checkpoint`)} in exclusive mode`.execute(trx);
    // Read before this transaction writes anything: its own id would hide later events.
    const pending = [];
    for (let from = after; ; ) {
      const page = await store.readAll({ after: from, limit: 5000 });
      if (page.length === 0) break;
      pending.push(...page);
      from = page[page.length - 1]?.position ?? from;
    }
    const names = projections.map((projection) => projection.table);
    const states = await readProjectionStates(trx, target, names);
    await projectBatch(trx, target, after, pending, projections, states, { notify: false });
    await sql`drop schema ${sql.id(live)} cascade`.execute(trx);
    await sql`alter schema ${sql.id(target)} rename to ${sql.id(live)}`.execute(trx);
    const position = pending.at(-1)?.position ?? after;
    // Rebuilt read models may grant or withdraw scopes: open browsers have theirs worked out again.
    await sql`insert into ${sql.table(`${live}.checkpoint`)} (name, position) values (${ACCESS_CHECKPOINT}, ${position})
      on conflict (name) do update set position = excluded.position`.execute(trx);
    await sql`select pg_notify(${ACCESS_CHANNEL}, ${String(position)})`.execute(trx);
    await sql`select pg_notify(${CHANGES_CHANNEL}, ${String(position)})`.execute(trx);
  });
}
