import { type DomainEvent, domainEvent } from "@hirestream/contracts/events.ts";
import { eventMetadata } from "@hirestream/contracts/metadata.ts";
import type { SyncRow } from "@hirestream/contracts/sync/messages.ts";
import type { RecordedEvent } from "@hirestream/eventstore/event-store.ts";
import { sql, type Transaction } from "kysely";
import { CHECKPOINT } from "./checkpoint-names.ts";
import { type Projection, type RelatedRow, RowSet } from "./projection.ts";
import { type ProjectionState, writePositions } from "./projection-states.ts";

export { CHECKPOINT } from "./checkpoint-names.ts";
export const CHANGES_CHANNEL = "hirestream_changes";
/**
 * Notified, before CHANGES_CHANNEL, with the position of a batch that changed who may hold which
 * sync scopes; the `access` checkpoint row keeps the last such position, for a missed notification.
 */
export const ACCESS_CHANNEL = "hirestream_access";
export const ACCESS_CHECKPOINT = "access";

/** A change-log row is what a browser receives, plus its order within the event's position. */
type ChangeLogRow = SyncRow & { seq: number };

type AnyProjection = Projection<{ id: string }>;

/**
 * Each read model numbers an event's change-log rows (`seq`) within a range of its own, by its place
 * in the order: a read model that resumes later adds its rows at positions where the others' rows
 * already are, and they must neither collide nor depend on which read models ran together. The
 * order within an event stays the read models' order, as when they all ran at once. 32 read models
 * of 67 million rows an event each fit an integer.
 */
export const SEQ_RANGE = 2 ** 26;
const MAX_PROJECTIONS = 2 ** 31 / SEQ_RANGE;

/** A read model threw on an event (or on writing a batch's rows: `position` is then null). */
export class ProjectionFailure extends Error {
  readonly projection: AnyProjection;
  readonly position: number | null;
  readonly reason: string;
  constructor(projection: AnyProjection, position: number | null, reason: string) {
    super(`${projection.table}${position === null ? "" : ` at position ${position}`}: ${reason}`);
    this.projection = projection;
    this.position = position;
    this.reason = reason;
  }
}

/**
 * The read models the browsers' horizon waits for: those that write change-log rows. One kept for
 * the server alone (reset tokens, opt-outs, the reports' facts) writes none that a browser could
 * miss, so its failure must not hold every browser's live changes back.
 */
export function horizonNames(projections: readonly AnyProjection[]): string[] {
  return projections.filter((projection) => projection.entity !== null).map((projection) => projection.table);
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Runs `step` of `projection`, naming the read model (and the event) when it throws. */
async function attributed<T>(
  projection: AnyProjection,
  position: number | null,
  step: () => T | Promise<T>,
): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (error instanceof ProjectionFailure) throw error;
    throw new ProjectionFailure(projection, position, reasonOf(error));
  }
}

/**
 * Applies `events` (read after position `after`) to every read model in `schema` that has not
 * stopped, each only the events past its own position, writes their change-log rows and moves
 * their positions and the shared checkpoint, all inside `trx`. The read models' states are those
 * the runner holds (`states`), checked as the positions are written; returns them as they are
 * once the batch commits. Returns null, changing nothing, when a read model stands before `after`.
 * Throws `StaleProjectionStates` when the stored states moved (a rebuild swapped, or another runner
 * went on), and a `ProjectionFailure` naming the read model that threw: the caller undoes the batch.
 *
 * The shared checkpoint (the sync hub's horizon) is the lowest position of the read models that
 * write change-log rows (`horizonNames`), a stopped one included. The change log's `position` is the causing event's, and it is the
 * browsers' cursor: a row written below a cursor would never reach that browser. A read model
 * that stopped writes its rows late, when it resumes, at the positions of their events; so
 * browsers must not be let past its position until then. The others go on meanwhile (their
 * tables serve queries, their change-log rows wait above the horizon and go out once it moves).
 */
export async function projectBatch(
  trx: Transaction<unknown>,
  schema: string,
  after: number,
  events: RecordedEvent[],
  projections: AnyProjection[],
  states: Map<string, ProjectionState>,
  options: { notify: boolean; pauseInsideMs?: number },
): Promise<Map<string, ProjectionState> | null> {
  const last = events.at(-1);
  if (!last) return states;
  if (projections.length > MAX_PROJECTIONS)
    throw new Error(`at most ${MAX_PROJECTIONS} read models fit the change log's seq`);
  const checkpoint = sql.table(`${schema}.checkpoint`);
  // Taken first, so runners (and a rebuild's swap) take turns.
  const { rows } = await sql<{ position: string }>`select position from ${checkpoint}
    where name = ${CHECKPOINT} for update`.execute(trx);
  const horizonBefore = Number(rows[0]?.position ?? -1);
  const positions = new Map<AnyProjection, number>();
  for (const projection of projections) {
    const state = states.get(projection.table);
    if (!state) return null;
    if (state.failedPosition !== null) continue;
    if (state.position < after) return null;
    positions.set(projection, state.position);
  }
  const running = projections.filter((projection) => positions.has(projection));
  /** Whether `projection` applies the event at `position`: it runs and has not applied it yet. */
  const due = (projection: AnyProjection, position: number) => position > (positions.get(projection) ?? Infinity);

  const parsed = events.flatMap((recorded) => {
    const event = domainEvent.safeParse({ type: recorded.type, data: recorded.data });
    const metadata = eventMetadata.safeParse(recorded.metadata);
    // Events of kinds this build does not know are skipped, as `evolve` does.
    return event.success && metadata.success
      ? [
          {
            event: event.data,
            position: recorded.position,
            occurredAt: metadata.data.occurredAt,
            actorId: metadata.data.userId,
          },
        ]
      : [];
  });

  const batchEvents = parsed.map((p) => p.event);
  const relatedIds = relatedIdsOf(running, states, parsed, due);
  const rowSets = new Map<AnyProjection, RowSet<{ id: string }>>();
  for (const projection of running) {
    rowSets.set(
      projection,
      await attributed(projection, null, () =>
        loadRows(trx, schema, projection, batchEvents, relatedIds.get(projection)),
      ),
    );
  }
  function related<R extends { id: string }>(projection: Projection<R>, id: string): R | undefined {
    // The batch keeps each read model's rows under its projection, so the row is of that projection's type.
    return rowSets.get(projection as AnyProjection)?.get(id) as R | undefined;
  }

  const changeLog: ChangeLogRow[] = [];
  /** The position of the batch's last event that changed access; the same however events are batched. */
  let accessChangedAt: number | null = null;
  for (const { event, position, occurredAt, actorId } of parsed) {
    for (const projection of running) {
      const rowSet = rowSets.get(projection);
      if (!rowSet || !due(projection, position)) continue;
      let seq = projections.indexOf(projection) * SEQ_RANGE;
      // Only the batch's own apply can throw here, so a failure names its event.
      try {
        if (projection.keys(event).length === 0) continue;
        projection.apply(rowSet, event, { position, occurredAt, actorId, related });
        const entity = projection.entity;
        for (const [id, before] of rowSet.takeTouched()) {
          if (!entity) continue;
          const now = rowSet.get(id);
          if (projection.changesAccess?.(before ?? undefined, now)) accessChangedAt = position;
          const scopesNow = now ? projection.scopes(now) : [];
          if (now) {
            const data = projection.toClient(now);
            for (const scope of scopesNow) changeLog.push({ position, seq: seq++, scope, entity, id, op: "put", data });
          }
          // Deleted, or moved out of a scope (a project hidden): gone from the scopes it left. After the
          // puts, so a browser holding the row through both an old and a new scope keeps it throughout.
          for (const scope of before ? projection.scopes(before) : []) {
            if (!scopesNow.includes(scope))
              changeLog.push({ position, seq: seq++, scope, entity, id, op: "del", data: null });
          }
        }
      } catch (error) {
        throw new ProjectionFailure(projection, position, reasonOf(error));
      }
    }
  }

  for (const [projection, rowSet] of rowSets) {
    await attributed(projection, null, () => writeRows(trx, schema, projection, rowSet));
  }
  if (changeLog.length > 0) {
    await sql`insert into ${sql.table(`${schema}.change_log`)} (position, seq, scope, entity, id, op, data)
      select * from jsonb_to_recordset(${JSON.stringify(changeLog)}::jsonb)
        as x(position bigint, seq integer, scope text, entity text, id text, op text, data jsonb)`.execute(trx);
  }
  if (options.pauseInsideMs) await new Promise((resolve) => setTimeout(resolve, options.pauseInsideMs));
  const runningNames = running.map((p) => p.table);
  await writePositions(trx, schema, states, runningNames, last.position);
  const { rows: lowest } = await sql<{ position: string }>`update ${checkpoint}
    set position = coalesce((select min(position) from ${sql.table(`${schema}.projection_states`)}
                    where name = any(${horizonNames(projections)}::text[])), ${last.position})
    where name = ${CHECKPOINT} returning position`.execute(trx);
  const horizon = Number(lowest[0]?.position ?? horizonBefore);
  if (accessChangedAt !== null) {
    await sql`insert into ${checkpoint} (name, position) values (${ACCESS_CHECKPOINT}, ${accessChangedAt})
      on conflict (name) do update set position = excluded.position`.execute(trx);
    if (options.notify) await sql`select pg_notify(${ACCESS_CHANNEL}, ${String(accessChangedAt)})`.execute(trx);
  }
  if (options.notify && horizon > horizonBefore) {
    await sql`select pg_notify(${CHANGES_CHANNEL}, ${String(horizon)})`.execute(trx);
  }
  return new Map(
    [...states].map(([name, state]) => [
      name,
      runningNames.includes(name) ? { ...state, position: Math.max(state.position, last.position) } : state,
    ]),
  );
}

/**
 * For each read model, the ids of its rows that other read models' `related` name in the batch.
 * A read model that needs rows of one that stopped fails too, at that event: those rows are not
 * as of the event, so what it would make of them is not what a rebuild makes. The converse is not
 * covered: a read model catching up alone reads the rows of one that went on as they are now, not
 * as of each event; it ends equal to a rebuild only where those rows did not change meanwhile,
 * and otherwise `npm run rebuild-projections -- --projection <name>` makes it so.
 */
function relatedIdsOf(
  running: AnyProjection[],
  states: Map<string, ProjectionState>,
  events: { event: DomainEvent; position: number }[],
  due: (projection: AnyProjection, position: number) => boolean,
): Map<AnyProjection, Set<string>> {
  const ids = new Map<AnyProjection, Set<string>>();
  for (const { event, position } of events) {
    for (const projection of running) {
      if (!due(projection, position)) continue;
      let wants: RelatedRow[];
      try {
        wants = projection.related?.(event) ?? [];
      } catch (error) {
        throw new ProjectionFailure(projection, position, reasonOf(error));
      }
      for (const wanted of wants) {
        const stopped = states.get(wanted.projection.table)?.failedPosition ?? null;
        if (stopped !== null) {
          throw new ProjectionFailure(
            projection,
            position,
            `reads ${wanted.projection.table}, which stopped at position ${stopped}`,
          );
        }
        const set = ids.get(wanted.projection) ?? new Set<string>();
        set.add(wanted.id);
        ids.set(wanted.projection, set);
      }
    }
  }
  return ids;
}

async function loadRows(
  trx: Transaction<unknown>,
  schema: string,
  projection: AnyProjection,
  events: DomainEvent[],
  relatedIds: ReadonlySet<string> = new Set(),
): Promise<RowSet<{ id: string }>> {
  const byColumn = new Map<string, Set<string>>();
  if (relatedIds.size > 0) byColumn.set("id", new Set(relatedIds));
  for (const event of events) {
    for (const { column, value } of projection.keys(event)) {
      const values = byColumn.get(column) ?? new Set<string>();
      values.add(value);
      byColumn.set(column, values);
    }
  }
  const rowSet = new RowSet<{ id: string }>();
  for (const [column, values] of byColumn) {
    const { rows } = await sql<{
      row: unknown;
    }>`select to_jsonb(t) as row from ${sql.table(`${schema}.${projection.table}`)} t
      where ${sql.ref(`t.${column}`)} = any(${[...values]})`.execute(trx);
    rowSet.load(
      rows.map((r) => projection.row.parse(r.row)),
      column === "id" ? values : [],
    );
  }
  return rowSet;
}

const columnCache = new Map<string, string[]>();

async function columnsOf(trx: Transaction<unknown>, schema: string, table: string): Promise<string[]> {
  const key = `${schema}.${table}`;
  const cached = columnCache.get(key);
  if (cached) return cached;
  const { rows } = await sql<{ column_name: string }>`select column_name from information_schema.columns
    where table_schema = ${schema} and table_name = ${table} order by ordinal_position`.execute(trx);
  const columns = rows.map((r) => r.column_name);
  columnCache.set(key, columns);
  return columns;
}

async function writeRows(
  trx: Transaction<unknown>,
  schema: string,
  projection: AnyProjection,
  rowSet: RowSet<{ id: string }>,
): Promise<void> {
  const { upserts, deletes } = rowSet.changed();
  const table = sql.table(`${schema}.${projection.table}`);
  if (deletes.length > 0) await sql`delete from ${table} where id = any(${deletes})`.execute(trx);
  if (upserts.length === 0) return;
  const columns = (await columnsOf(trx, schema, projection.table)).filter((c) => c !== "id");
  const targets = sql.join(columns.map((c) => sql.ref(c)));
  const sources = sql.join(columns.map((c) => sql.ref(`excluded.${c}`)));
  await sql`insert into ${table} select * from jsonb_populate_recordset(null::${table}, ${JSON.stringify(upserts)}::jsonb)
    on conflict (id) do update set (${targets}) = row(${sources})`.execute(trx);
  await projection.written?.(trx, schema, upserts);
}
