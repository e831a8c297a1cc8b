import type { EventStore } from "@hirestream/eventstore/event-store.ts";
import { type Kysely, sql, type Transaction } from "kysely";
import {
  ACCESS_CHANNEL,
  ACCESS_CHECKPOINT,
  CHANGES_CHANNEL,
  CHECKPOINT,
  horizonNames,
  projectBatch,
} from "./project-batch.ts";
import type { Projection } from "./projection.ts";
import { ensureProjectionStates, readProjectionStates } from "./projection-states.ts";
import { allProjections } from "./read-models/all.ts";
import { type RebuildReport, rebuildReadModels } from "./rebuild.ts";

type AnyProjection = Projection<{ id: string }>;

export interface RebuildOneOptions {
  db: Kysely<unknown>;
  store: EventStore;
  /** The read model's name: its table. */
  name: string;
  live?: string;
  batchSize?: number;
  projections?: AnyProjection[];
  onProgress?: (done: number, total: number) => void;
}

/** A read model name no projection has; names the ones there are. */
export class UnknownProjection extends Error {
  constructor(name: string, names: string[]) {
    super(`no read model is called "${name}"; the read models are: ${names.join(", ")}`);
  }
}

export function projectionNamed(name: string, projections: AnyProjection[] = allProjections): AnyProjection {
  const found = projections.find((projection) => projection.table === name);
  if (!found) throw new UnknownProjection(name, projections.map((projection) => projection.table).sort());
  return found;
}

/**
 * Rebuilds one read model from position 0 beside the serving one, then puts its rows and its
 * change-log rows in place of the old in one transaction, the other read models untouched.
 *
 * A read model may read rows of those before it in the order (`related`), as of each event; so
 * they are rebuilt with it in the scratch schema, and only the one asked for is swapped in.
 */
export async function rebuildProjection(options: RebuildOneOptions): Promise<RebuildReport> {
  const live = options.live ?? "read";
  const projections = options.projections ?? allProjections;
  const projection = projectionNamed(options.name, projections);
  const withReads = projections.slice(0, projections.indexOf(projection) + 1);
  const target = `${live}_one_${projection.table}`;
  // A database the projector has not started on yet has no positions to put this one's beside.
  await ensureProjectionStates(
    options.db,
    live,
    projections.map((p) => p.table),
  );
  const report = await rebuildReadModels({
    db: options.db,
    store: options.store,
    live,
    target,
    swap: false,
    projections: withReads,
    ...(options.batchSize ? { batchSize: options.batchSize } : {}),
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
  });
  await swapOneIn(options, live, target, projection, withReads, projections);
  return report;
}

async function swapOneIn(
  { db, store }: RebuildOneOptions,
  live: string,
  target: string,
  projection: AnyProjection,
  withReads: AnyProjection[],
  projections: AnyProjection[],
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // Stops the live runner between two batches, so nothing moves while the read model is replaced.
    await sql`lock table ${sql.table(`${live}.checkpoint`)} in exclusive mode`.execute(trx);
    const { rows } = await sql<{ position: string }>`select position from ${sql.table(`${target}.checkpoint`)}
      where name = ${CHECKPOINT}`.execute(trx);
    const after = Number(rows[0]?.position ?? 0);
    // Read before this transaction writes anything: its own id would hide later events.
    const pending = [];
    for (let from = after; ; ) {
      const page = await store.readAll({ after: from, limit: 5000 });
      if (page.length === 0) break;
      pending.push(...page);
      from = page[page.length - 1]?.position ?? from;
    }
    const states = await readProjectionStates(
      trx,
      target,
      withReads.map((p) => p.table),
    );
    await projectBatch(trx, target, after, pending, withReads, states, { notify: false });
    const position = pending.at(-1)?.position ?? after;
    const table = projection.table;
    for (const name of [table, ...(projection.tables ?? [])]) {
      await sql`delete from ${sql.table(`${live}.${name}`)}`.execute(trx);
      await sql`insert into ${sql.table(`${live}.${name}`)} select * from ${sql.table(`${target}.${name}`)}`.execute(
        trx,
      );
    }
    if (projection.entity) await replaceChangeLog(trx, live, target, projection.entity);
    // Rebuilt up to the head: it no longer holds the browsers' horizon back, stopped or not before.
    await sql`update ${sql.table(`${live}.projection_states`)}
      set position = ${position}, failed_position = null, failure = null, failed_at = null
      where name = ${table}`.execute(trx);
    const { rows: horizon } = await sql<{ position: string }>`update ${sql.table(`${live}.checkpoint`)}
      set position = coalesce((select min(position) from ${sql.table(`${live}.projection_states`)}
                      where name = any(${horizonNames(projections)}::text[])), ${position})
      where name = ${CHECKPOINT} returning position`.execute(trx);
    await sql`insert into ${sql.table(`${live}.checkpoint`)} (name, position) values (${ACCESS_CHECKPOINT}, ${position})
      on conflict (name) do update set position = excluded.position`.execute(trx);
    await sql`select pg_notify(${ACCESS_CHANNEL}, ${String(position)})`.execute(trx);
    await sql`select pg_notify(${CHANGES_CHANNEL}, ${String(horizon[0]?.position ?? position)})`.execute(trx);
    await sql`drop schema ${sql.id(target)} cascade`.execute(trx);
  });
}

/**
 * The read model's change-log rows as rebuilt, at their events' positions and with their `seq`, as
 * a full rebuild writes them (each read model numbers its rows in a range of its own). Rows that a
 * build before those ranges numbered may hold such a place: the rows meeting one go after the
 * event's others instead.
 */
async function replaceChangeLog(
  trx: Transaction<unknown>,
  live: string,
  target: string,
  entity: string,
): Promise<void> {
  const log = sql.table(`${live}.change_log`);
  const rebuilt = sql.table(`${target}.change_log`);
  await sql`delete from ${log} where entity = ${entity}`.execute(trx);
  await sql`create temporary table taken on commit drop as
    select t.position, t.seq from ${rebuilt} t
    where t.entity = ${entity} and exists (select 1 from ${log} c where c.position = t.position and c.seq = t.seq)`.execute(
    trx,
  );
  await sql`insert into ${log} (position, seq, scope, entity, id, op, data)
    select t.position, t.seq, t.scope, t.entity, t.id, t.op, t.data from ${rebuilt} t
    where t.entity = ${entity} and not exists (select 1 from taken k where k.position = t.position and k.seq = t.seq)`.execute(
    trx,
  );
  await sql`insert into ${log} (position, seq, scope, entity, id, op, data)
    select t.position,
           (select max(c.seq) from ${log} c where c.position = t.position)
             + row_number() over (partition by t.position order by t.seq),
           t.scope, t.entity, t.id, t.op, t.data
    from ${rebuilt} t join taken k on k.position = t.position and k.seq = t.seq
    where t.entity = ${entity}`.execute(trx);
}
