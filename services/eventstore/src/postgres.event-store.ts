import type { Pool, PoolClient } from "pg";
import type {
  AppendOptions,
  AppendResult,
  BatchHandler,
  EventStore,
  NewEvent,
  ReadAllOptions,
  RecordedEvent,
  Subscription,
} from "./event-store.ts";
import { WrongExpectedRevisionError } from "./event-store.ts";
import { pollingSubscription } from "./polling-subscription.ts";

/**
 * Positions are `xid << 12 | n`: the appending transaction's id in the high bits, the event's
 * index within that transaction in the low twelve. Readers only take positions below the oldest
 * running transaction's id, so position order is the order in which events become safe to read:
 * a writer that commits late can never slip an event in behind a reader's cursor. No global lock.
 */
export const EVENTS_PER_TRANSACTION = 4096;

const appendSql = `
with
  retried as (
    select max(global_position) as position, max(stream_revision) as revision
    from events where event_id = any($4::uuid[])
  ),
  current_revision as (
    select coalesce(max(stream_revision), -1) as revision from events where stream_id = $1
  ),
  slot as (
    select coalesce(
      (select max(global_position) + 1 from events
        where global_position >= x.lo and global_position < x.lo + ${EVENTS_PER_TRANSACTION}),
      x.lo) as first
    from (select pg_current_xact_id()::text::bigint * ${EVENTS_PER_TRANSACTION} as lo) x
  ),
  inserted as (
    insert into events (global_position, stream_id, stream_revision, event_id, type, data, metadata)
    select slot.first + e.ord - 1, $1, current_revision.revision + e.ord, e.id, e.type, e.data, e.metadata
    from rows from (jsonb_to_recordset($5::jsonb) as (id uuid, type text, data jsonb, metadata jsonb))
      with ordinality as e(id, type, data, metadata, ord),
      slot, current_revision, retried
    where retried.position is null
      and case $2::text
        when 'any' then true
        when 'no_stream' then current_revision.revision = -1
        when 'exists' then current_revision.revision >= 0
        else current_revision.revision = $3::bigint
      end
    returning global_position, stream_revision
  )
select
  (select revision from current_revision) as current_revision,
  (select max(global_position) from inserted) as inserted_position,
  (select max(stream_revision) from inserted) as inserted_revision,
  (select position from retried) as retried_position,
  (select revision from retried) as retried_revision`;

const readAllSql = `
select global_position, stream_id, stream_revision, event_id, type, data, metadata, recorded_at
from events
where global_position > $1
  and global_position < pg_snapshot_xmin(pg_current_snapshot())::text::bigint * ${EVENTS_PER_TRANSACTION}
order by global_position
limit $2`;

interface EventRow {
  global_position: string;
  stream_id: string;
  stream_revision: string;
  event_id: string;
  type: string;
  data: unknown;
  metadata: unknown;
  recorded_at: Date;
}

interface AppendRow {
  current_revision: string;
  inserted_position: string | null;
  inserted_revision: string | null;
  retried_position: string | null;
  retried_revision: string | null;
}

const uniqueViolation = "23505";

function toRecorded(row: EventRow): RecordedEvent {
  return {
    streamId: row.stream_id,
    revision: Number(row.stream_revision),
    position: Number(row.global_position),
    id: row.event_id,
    type: row.type,
    data: row.data,
    metadata: row.metadata,
    recordedAt: row.recorded_at,
  };
}

type Queryable = Pick<Pool, "query"> | Pick<PoolClient, "query">;

export interface PostgresEventStoreOptions {
  pool: Pool;
  /** Idle wait between polls of `$all` once a subscriber has caught up. */
  pollIntervalMs?: number;
}

export class PostgresEventStore implements EventStore {
  readonly #pool: Pool;
  readonly #pollIntervalMs: number;
  readonly #wakers = new Set<() => void>();

  constructor(options: PostgresEventStoreOptions) {
    this.#pool = options.pool;
    this.#pollIntervalMs = options.pollIntervalMs ?? 20;
  }

  appendToStream(streamId: string, events: NewEvent[], options: AppendOptions): Promise<AppendResult> {
    return this.appendWith(this.#pool, streamId, events, options);
  }

  /**
   * Appends through `db`, which may be a client inside the caller's transaction, so that
   * follow-up rows (jobs, reservations) commit or roll back with the events.
   */
  async appendWith(db: Queryable, streamId: string, events: NewEvent[], options: AppendOptions): Promise<AppendResult> {
    const expected = options.expectedRevision;
    const kind = typeof expected === "number" ? "exact" : expected;
    const exact = typeof expected === "number" ? expected : null;
    const ids = events.map((event) => event.id);
    const payload = JSON.stringify(events.map(({ id, type, data, metadata }) => ({ id, type, data, metadata })));
    const insideTransaction = db !== this.#pool;
    // A concurrent append to the same stream surfaces as a unique violation: re-evaluate.
    for (let attempt = 0; ; attempt++) {
      try {
        const { rows } = await db.query<AppendRow>(appendSql, [streamId, kind, exact, ids, payload]);
        const row = rows[0];
        if (!row) throw new Error("append returned no row");
        if (row.retried_position !== null) {
          return {
            nextExpectedRevision: Number(row.retried_revision),
            position: Number(row.retried_position),
            appended: false,
          };
        }
        const current = Number(row.current_revision);
        if (events.length === 0) {
          return { nextExpectedRevision: current, position: 0, appended: false };
        }
        if (row.inserted_position === null) throw new WrongExpectedRevisionError(streamId, expected, current);
        this.#wake();
        return {
          nextExpectedRevision: Number(row.inserted_revision),
          position: Number(row.inserted_position),
          appended: true,
        };
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        if (code !== uniqueViolation) throw error;
        if (insideTransaction || attempt >= 5) {
          throw new WrongExpectedRevisionError(streamId, expected, -1);
        }
      }
    }
  }

  async readStream(streamId: string): Promise<RecordedEvent[]> {
    const { rows } = await this.#pool.query<EventRow>(
      `select global_position, stream_id, stream_revision, event_id, type, data, metadata, recorded_at
       from events where stream_id = $1 order by stream_revision`,
      [streamId],
    );
    return rows.map(toRecorded);
  }

  readAll(options: ReadAllOptions): Promise<RecordedEvent[]> {
    return this.readAllWith(this.#pool, options);
  }

  /** Must run before `db`'s transaction writes anything: its own id would hold the boundary back. */
  async readAllWith(db: Queryable, options: ReadAllOptions): Promise<RecordedEvent[]> {
    const { rows } = await db.query<EventRow>(readAllSql, [options.after, options.limit]);
    return rows.map(toRecorded);
  }

  subscribeToAll(after: number, handler: BatchHandler): Subscription {
    return pollingSubscription({
      after,
      handler,
      batchSize: 1000,
      idleMs: this.#pollIntervalMs,
      readAll: (from, limit) => this.readAll({ after: from, limit }),
      onWake: (wake) => {
        this.#wakers.add(wake);
        return () => this.#wakers.delete(wake);
      },
    });
  }

  async headPosition(): Promise<number> {
    const { rows } = await this.#pool.query<{ head: string | null }>(
      `select max(global_position) as head from events
       where global_position < pg_snapshot_xmin(pg_current_snapshot())::text::bigint * ${EVENTS_PER_TRANSACTION}`,
    );
    return Number(rows[0]?.head ?? 0);
  }

  async close(): Promise<void> {
    this.#wakers.clear();
  }

  #wake(): void {
    // The committing transaction may still be in flight; subscribers poll again shortly anyway.
    setTimeout(() => {
      for (const wake of this.#wakers) wake();
    }, 1);
  }
}
