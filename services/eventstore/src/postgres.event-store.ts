import type { Pool, PoolClient } from "pg";
import type {
  AppendOptions,
  AppendResult,
  BatchHandler,
  EventStore,
  ExpectedRevision,
  NewEvent,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
  StreamAppend,
  StreamRead,
  Subscription,
} from "./event-store.ts";
import { appendEachAlone, WrongExpectedRevisionError } from "./event-store.ts";
import { pollingSubscription } from "./polling-subscription.ts";
import {
  type DiagnosisRow,
  diagnosisStatement,
  EVENTS_PER_TRANSACTION,
  type InsertedRow,
  type InsertedStreamRow,
  insertStatement,
  insertStreamsStatement,
} from "./postgres.append-statements.ts";

/**
 * Positions are `xid << 12 | n`: the appending transaction's id in the high bits, the event's
 * index within that transaction in the low twelve. Readers only take positions below the oldest
 * running transaction's id, so position order is the order in which events become safe to read:
 * a writer that commits late can never slip an event in behind a reader's cursor. No global lock.
 */
export { EVENTS_PER_TRANSACTION };

/**
 * The first position readers may not take yet: that of the oldest transaction still running in
 * this database, else of the next transaction to start. Transaction ids are the cluster's, but a
 * transaction of another database (another application's, or a database being created from a
 * template) can write no event here, so it must not hold readers back: the projector and live
 * sync would otherwise stall behind any long transaction anywhere in the cluster. A running id
 * whose database cannot be told (a prepared transaction, a backend just gone) still counts.
 */
const readableBelow = `(coalesce(
    (select min(running::text::bigint) from pg_snapshot_xip(pg_current_snapshot()) as running
     where running::text::bigint % 4294967296 not in (
       select backend_xid::text::bigint from pg_stat_activity
       where backend_xid is not null and datname <> current_database())),
    pg_snapshot_xmax(pg_current_snapshot())::text::bigint) * ${EVENTS_PER_TRANSACTION})`;

const readStreamSql = `
select global_position, stream_id, stream_revision, event_id, type, data, metadata, recorded_at
from events where stream_id = $1 and stream_revision >= $2 order by stream_revision`;

// One round trip for what a command decides against (a project, its workspace and workflow):
// each stream from its own revision, tagged with the place it was asked in. Lateral, so each
// stream is an index range of its own: a plain join of the unnest is planned (generically) as a
// hash join over a scan of the whole log.
const readStreamsSql = `
select asked.place, e.global_position, e.stream_id, e.stream_revision, e.event_id, e.type, e.data, e.metadata, e.recorded_at
from unnest($1::text[], $2::bigint[]) with ordinality as asked(stream, from_revision, place)
cross join lateral (
  select * from events where stream_id = asked.stream and stream_revision >= asked.from_revision
  order by stream_revision
) e
order by asked.place, e.stream_revision`;

const readAllSql = `
select global_position, stream_id, stream_revision, event_id, type, data, metadata, recorded_at
from events
where global_position > $1
  and global_position < ${readableBelow}
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

/** Every event of `appends` as { stream, expected, id, type, data, metadata }, stream by stream. */
function streamsPayload(appends: readonly StreamAppend[]): string {
  return JSON.stringify(
    appends.flatMap(({ streamId, events, expectedRevision }) =>
      events.map(({ id, type, data, metadata }) => ({
        stream: streamId,
        expected: Math.max(-1, expectedRevision),
        id,
        type,
        data,
        metadata,
      })),
    ),
  );
}

export interface PostgresEventStoreOptions {
  pool: Pool;
  /** Idle wait between polls of `$all` once a subscriber has caught up. */
  pollIntervalMs?: number;
}

export class PostgresEventStore implements EventStore {
  readonly #pool: Pool;
  readonly #pollIntervalMs: number;
  readonly #wakers = new Set<() => void>();
  #wakeTimer: NodeJS.Timeout | undefined;

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
    const inserted = events.length > 0 ? await this.#insert(db, streamId, events, options.expectedRevision) : null;
    if (inserted) return inserted;
    const ids = events.map((event) => event.id);
    const { rows } = await db.query<DiagnosisRow>(diagnosisStatement(streamId, ids));
    const row = rows[0];
    if (!row) throw new Error("append diagnosis returned no row");
    if (row.retried_position !== null) {
      return {
        nextExpectedRevision: Number(row.retried_revision),
        position: Number(row.retried_position),
        appended: false,
      };
    }
    const current = Number(row.current_revision);
    if (events.length === 0) return { nextExpectedRevision: current, position: 0, appended: false };
    throw new WrongExpectedRevisionError(streamId, options.expectedRevision, current);
  }

  /**
   * One statement per up to EVENTS_PER_TRANSACTION events, each its own transaction. A clash (a
   * writer racing on one of the streams, or events stored already) fails the statement as a
   * whole: its appends are then tried one by one, which tells them apart.
   */
  async appendToStreams(appends: readonly StreamAppend[]): Promise<(AppendResult | null)[]> {
    const results: (AppendResult | null)[] = [];
    for (let first = 0; first < appends.length; ) {
      let last = first;
      for (let events = 0; last < appends.length; last++) {
        events += appends[last]?.events.length ?? 0;
        if (events > EVENTS_PER_TRANSACTION && last > first) break;
      }
      results.push(...(await this.#insertStreams(appends.slice(first, last))));
      first = last;
    }
    return results;
  }

  /**
   * `appendToStreams` through `db`, a client inside the caller's transaction: the events commit or
   * roll back with the rows the caller writes beside them. Each append goes in only when its
   * expected revision holds (null where it did not); a clash with a concurrent writer, or events
   * stored already, fails the statement and so the caller's transaction. At most
   * EVENTS_PER_TRANSACTION events in the whole transaction.
   */
  async appendToStreamsWith(db: Queryable, appends: readonly StreamAppend[]): Promise<(AppendResult | null)[]> {
    const events = appends.reduce((total, append) => total + append.events.length, 0);
    if (events > EVENTS_PER_TRANSACTION) {
      throw new Error(`one transaction holds at most ${EVENTS_PER_TRANSACTION} events, not ${events}`);
    }
    if (events === 0) return appends.map(() => null);
    const { rows } = await db.query<InsertedStreamRow>(insertStreamsStatement(streamsPayload(appends), false));
    return this.#resultsOf(appends, rows);
  }

  async #insertStreams(appends: readonly StreamAppend[]): Promise<(AppendResult | null)[]> {
    let rows: InsertedStreamRow[];
    try {
      rows = (await this.#pool.query<InsertedStreamRow>(insertStreamsStatement(streamsPayload(appends)))).rows;
    } catch (error) {
      if ((error as { code?: unknown }).code !== uniqueViolation) throw error;
      return appendEachAlone(this, appends);
    }
    return this.#resultsOf(appends, rows);
  }

  #resultsOf(appends: readonly StreamAppend[], rows: readonly InsertedStreamRow[]): (AppendResult | null)[] {
    const byStream = new Map<string, AppendResult>();
    for (const row of rows) {
      const earlier = byStream.get(row.stream_id);
      const position = Math.max(earlier?.position ?? 0, Number(row.global_position));
      const revision = Math.max(earlier?.nextExpectedRevision ?? -1, Number(row.stream_revision));
      byStream.set(row.stream_id, { nextExpectedRevision: revision, position, appended: true });
    }
    if (rows.length > 0) this.#wake();
    return appends.map((append) => byStream.get(append.streamId) ?? null);
  }

  /** The events appended, or null when the expected revision did not hold (or the command is a retry). */
  async #insert(
    db: Queryable,
    streamId: string,
    events: NewEvent[],
    expected: ExpectedRevision,
  ): Promise<AppendResult | null> {
    const payload = JSON.stringify(events.map(({ id, type, data, metadata }) => ({ id, type, data, metadata })));
    const statement = insertStatement(streamId, payload, expected, events[0]?.id ?? "", db === this.#pool);
    // A concurrent append to the same stream surfaces as a unique violation: re-evaluate.
    for (let attempt = 0; ; attempt++) {
      try {
        const { rows } = await db.query<InsertedRow>(statement);
        if (rows.length === 0) return null;
        let position = 0;
        let revision = -1;
        for (const row of rows) {
          position = Math.max(position, Number(row.global_position));
          revision = Math.max(revision, Number(row.stream_revision));
        }
        this.#wake();
        return { nextExpectedRevision: revision, position, appended: true };
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        if (code !== uniqueViolation) throw error;
        if (db !== this.#pool || attempt >= 5) throw new WrongExpectedRevisionError(streamId, expected, -1);
      }
    }
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const { rows } = await this.#pool.query<EventRow>({
      name: "hirestream_read_stream",
      text: readStreamSql,
      values: [streamId, options.fromRevision ?? 0],
    });
    return rows.map(toRecorded);
  }

  async readStreams(reads: readonly StreamRead[]): Promise<RecordedEvent[][]> {
    const found: RecordedEvent[][] = reads.map(() => []);
    if (reads.length === 0) return found;
    const { rows } = await this.#pool.query<EventRow & { place: string }>({
      name: "hirestream_read_streams",
      text: readStreamsSql,
      values: [reads.map((read) => read.streamId), reads.map((read) => read.fromRevision)],
    });
    for (const row of rows) found[Number(row.place) - 1]?.push(toRecorded(row));
    return found;
  }

  readAll(options: ReadAllOptions): Promise<RecordedEvent[]> {
    return this.readAllWith(this.#pool, options);
  }

  /** Must run before `db`'s transaction writes anything: its own id would hold the boundary back. */
  async readAllWith(db: Queryable, options: ReadAllOptions): Promise<RecordedEvent[]> {
    const { rows } = await db.query<EventRow>({
      name: "hirestream_read_all",
      text: readAllSql,
      values: [options.after, options.limit],
    });
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
       where global_position < ${readableBelow}`,
    );
    return Number(rows[0]?.head ?? 0);
  }

  async close(): Promise<void> {
    this.#wakers.clear();
    clearTimeout(this.#wakeTimer);
    this.#wakeTimer = undefined;
  }

  #wake(): void {
    // The committing transaction may still be in flight; subscribers poll again shortly anyway.
    // One timer serves every append of the same millisecond: under load that is thousands a second.
    if (this.#wakers.size === 0 || this.#wakeTimer) return;
    this.#wakeTimer = setTimeout(() => {
      this.#wakeTimer = undefined;
      for (const wake of this.#wakers) wake();
    }, 1);
  }
}
