import type { Pool, PoolClient } from "pg";
import type { SnapshotKey } from "./change-feed.ts";

type Queryable = Pick<Pool, "query"> | Pick<PoolClient, "query">;

/**
 * The entities a scope holds many of. Every screen needs the rest (users, workspaces, members,
 * projects, workflows, sequences, credentials…) to show anything at all, and they are few: a
 * catch-up sends them for every scope before the many of any.
 */
export const MANY_ENTITIES = ["person", "candidacy", "payload", "message"] as const;

/** The entities that are not many, as SQL: written out, so the partial index on them serves the read. */
const NOT_MANY = `entity not in (${MANY_ENTITIES.map((entity) => `'${entity}'`).join(", ")})`;

/** A few row of a scope's snapshot: its change-log entry, and its data as JSON text when read with it. */
export type FewRow = SnapshotKey & { text: string | null };

/**
 * Every live few row of a scope as of `upTo`: the newest change-log entry per row, when it is a put
 * (change-feed.ts's snapshotOf, for the few alone), frame rows first, as there. Only the first
 * `withData` come with their data: the rest are sorted as keys alone, which is quick, and read by
 * key as the part before them goes (few-parts.ts), so a scope of thousands of few rows does not
 * hold back its first part, and one of a part's worth or less takes one query. The index
 * change_log_scope_few (migration 2026_11_27_070000) holds exactly these entries. The data is read
 * under a `case`, row by row: joined, Postgres looked every row's entry up and only then dropped all
 * but the first `withData` (10,000 lookups for a scope of 10,000 few rows, half the query's time).
 */
export async function fewRowsOf(db: Queryable, scope: string, upTo: number, withData: number): Promise<FewRow[]> {
  const { rows } = await db.query<Omit<FewRow, "position"> & { position: string }>({
    name: "sync-snapshot-few",
    text: `with latest as (
             select entity, id, position, seq,
                    row_number() over (
                      order by case entity when 'user' then 0 when 'workspace' then 1 when 'workspace_member' then 2
                                           when 'project' then 3 when 'workflow' then 4 else 5 end,
                               entity, id) as n
             from (select distinct on (entity, id) entity, id, position, seq, op from read.change_log
                   where scope = $1 and position <= $2 and ${NOT_MANY}
                   order by entity, id, position desc, seq desc) newest
             where op = 'put')
           select entity, id, position, seq,
                  case when n <= $3 then
                    (select c.data::text from read.change_log c where c.position = latest.position and c.seq = latest.seq)
                  end as text
           from latest
           order by n`,
    values: [scope, upTo, withData],
  });
  return rows.map((row) => ({ ...row, position: Number(row.position) }));
}

/**
 * The keys of a scope's many rows as of `upTo`, in the order they are sent, without their data:
 * sorting keys alone is quick, and each part's data is read by its keys as the part goes out
 * (change-feed.ts's changeDataOf; change-log entries never change, so that read needs no snapshot).
 * The index change_log_scope_keys (migration 2026_11_28_030000) carries the keys: the read never
 * touches the entries' data.
 */
export async function manyKeysOf(db: Queryable, scope: string, upTo: number): Promise<SnapshotKey[]> {
  const { rows } = await db.query<Omit<SnapshotKey, "position"> & { position: string }>({
    name: "sync-snapshot-many-keys",
    text: `select entity, id, position, seq from (
             select distinct on (entity, id) entity, id, position, seq, op from read.change_log
             where scope = $1 and position <= $2 and entity = any($3::text[])
             order by entity, id, position desc, seq desc) latest
           where op = 'put'
           order by case entity when 'person' then 0 when 'candidacy' then 1 else 2 end, entity, id`,
    values: [scope, upTo, MANY_ENTITIES],
  });
  return rows.map((row) => ({ ...row, position: Number(row.position) }));
}
