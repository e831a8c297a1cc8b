import type { ExpectedRevision } from "./event-store.ts";

/** Positions per transaction: see the position scheme in postgres.event-store.ts. */
export const EVENTS_PER_TRANSACTION = 4096;

/** A named statement: Postgres parses it once per connection and settles on a generic plan. */
export interface Statement {
  name: string;
  text: string;
  values: unknown[];
}

export interface InsertedRow {
  global_position: string;
  stream_revision: string;
}

export interface DiagnosisRow {
  current_revision: string;
  retried_position: string | null;
  retried_revision: string | null;
}

type Kind = "any" | "no_stream" | "exists" | "exact";

const xidBase = `pg_current_xact_id()::text::bigint * ${EVENTS_PER_TRANSACTION}`;

// `any` and `exists` accept a stream that already holds a retried command's events, so only they
// look the first event id up; for `no_stream` and an exact revision a retry fails the revision
// check, and `diagnosis` tells the two apart.
const conditions: Record<Kind, string> = {
  no_stream: "x.revision = -1",
  exact: "x.revision = $3::bigint",
  exists: "x.revision >= 0 and not exists (select from events where event_id = $3::uuid)",
  any: "not exists (select from events where event_id = $3::uuid)",
};

/**
 * One lean insert per kind of expected revision: the stream's revision and the first free
 * position are read inline, rows go in only when the expectation holds, and the statement
 * returns what it inserted (nothing: see `diagnosis`). A statement outside any transaction is
 * its own, so its first position is the transaction's base; inside a caller's transaction,
 * earlier appends may have used some of its positions already.
 */
function insertSql(kind: Kind, ownTransaction: boolean): string {
  const first = ownTransaction
    ? "t.lo"
    : `(select coalesce(max(global_position) + 1, t.lo) from events
        where global_position >= t.lo and global_position < t.lo + ${EVENTS_PER_TRANSACTION})`;
  return `
insert into events (global_position, stream_id, stream_revision, event_id, type, data, metadata)
select x.first + e.ord - 1, $1, x.revision + e.ord, e.id, e.type, e.data, e.metadata
from
  (select
      (select coalesce(max(stream_revision), -1) from events where stream_id = $1) as revision,
      ${first} as first
    from (select ${xidBase} as lo) t) x,
  rows from (jsonb_to_recordset($2::jsonb) as (id uuid, type text, data jsonb, metadata jsonb))
    with ordinality as e(id, type, data, metadata, ord)
where ${conditions[kind]}
returning global_position, stream_revision`;
}

const inserts = new Map<string, { name: string; text: string }>();

export function insertStatement(
  streamId: string,
  payload: string,
  expected: ExpectedRevision,
  firstId: string,
  ownTransaction: boolean,
): Statement {
  const kind: Kind = typeof expected === "number" ? "exact" : expected;
  const key = `${kind}${ownTransaction ? "" : "_in_transaction"}`;
  let statement = inserts.get(key);
  if (!statement) {
    statement = { name: `hirestream_append_${key}`, text: insertSql(kind, ownTransaction) };
    inserts.set(key, statement);
  }
  const third = typeof expected === "number" ? [expected] : kind === "no_stream" ? [] : [firstId];
  return { ...statement, values: [streamId, payload, ...third] };
}

const diagnosisSql = `
select
  (select coalesce(max(stream_revision), -1) from events where stream_id = $1) as current_revision,
  max(e.global_position) as retried_position,
  max(e.stream_revision) as retried_revision
from events first
join events e on e.stream_id = first.stream_id
  and e.stream_revision >= first.stream_revision
  and e.stream_revision < first.stream_revision + cardinality($2::uuid[])
  and e.event_id = any($2::uuid[])
where first.event_id = ($2::uuid[])[1]`;

/**
 * When nothing was inserted: was the command appended before (its first event id is stored,
 * and the rest of its events follow it in the same stream), or does the stream stand elsewhere?
 */
export function diagnosisStatement(streamId: string, ids: string[]): Statement {
  return { name: "hirestream_append_diagnosis", text: diagnosisSql, values: [streamId, ids] };
}

export interface InsertedStreamRow extends InsertedRow {
  stream_id: string;
}

// Several streams in one statement: each stream's head is read inline, and only the streams whose
// head is the expected one take their events, numbered on from it. In its own transaction the
// first position is the transaction's base; inside a caller's, the first its earlier appends left.
// The head is looked up per event (an index probe each) rather than joined back per stream: the
// planner, blind to the input's size, would join the two with a nested loop, quadratic in it.
function insertStreamsSql(ownTransaction: boolean): string {
  const first = ownTransaction
    ? xidBase
    : `(select coalesce(max(global_position) + 1, ${xidBase}) from events
        where global_position >= ${xidBase} and global_position < ${xidBase} + ${EVENTS_PER_TRANSACTION})`;
  return `
with input as (
  select e.stream, e.expected, e.id, e.type, e.data, e.metadata, e.ord,
    (select coalesce(max(stream_revision), -1) from events where stream_id = e.stream) as revision
  from rows from (jsonb_to_recordset($1::jsonb)
    as (stream text, expected bigint, id uuid, type text, data jsonb, metadata jsonb))
    with ordinality as e(stream, expected, id, type, data, metadata, ord)
), holding as (
  select stream, id, type, data, metadata, revision,
    row_number() over (order by ord) as n,
    row_number() over (partition by stream order by ord) as k
  from input
  where revision = expected
)
insert into events (global_position, stream_id, stream_revision, event_id, type, data, metadata)
select (select ${first}) + n - 1, stream, revision + k, id, type, data, metadata
from holding
returning global_position, stream_id, stream_revision`;
}

const insertStreams = { own: insertStreamsSql(true), joined: insertStreamsSql(false) };

/** `$1`: every event as { stream, expected, id, type, data, metadata }, stream by stream. */
export function insertStreamsStatement(payload: string, ownTransaction = true): Statement {
  return ownTransaction
    ? { name: "hirestream_append_streams", text: insertStreams.own, values: [payload] }
    : { name: "hirestream_append_streams_in_transaction", text: insertStreams.joined, values: [payload] };
}
