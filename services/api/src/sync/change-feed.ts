import type { SyncRow } from "@hirestream/contracts/sync/messages.ts";
import { projectScope, userScope, workspaceScope } from "@hirestream/contracts/sync/scopes.ts";
import { ACCESS_CHECKPOINT } from "@hirestream/projector/project-batch.ts";
import type { Kysely } from "kysely";
import type { Pool, PoolClient } from "pg";
import { z } from "zod";
import type { Database } from "../database.ts";
import { readableProjectIds } from "../projects/readable-projects.ts";

export type Queryable = Pick<Pool, "query"> | Pick<PoolClient, "query">;

/** How far read models and the change log go. */
export async function checkpointOf(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ position: string }>({
    name: "sync-checkpoint",
    text: "select position from read.checkpoint where name = 'projector'",
  });
  return Number(rows[0]?.position ?? 0);
}

/** The last position at which who may hold which scopes changed (0: never). */
export async function accessCheckpointOf(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ position: string }>({
    name: "sync-access-checkpoint",
    text: `select position from read.checkpoint where name = '${ACCESS_CHECKPOINT}'`,
  });
  return Number(rows[0]?.position ?? 0);
}

/**
 * The scopes a user may hold: their own, one per workspace they belong to, and one per project
 * they may read, by the same rule as every query (readable-projects.ts). Never the client's word.
 * `db` only builds the query; `via` runs it, so it can be read inside a caller's transaction.
 */
export async function scopesOf(db: Kysely<Database>, via: Queryable, userId: string): Promise<string[]> {
  const projects = readableProjectIds(db, userId).orderBy("rp.id").compile();
  const [workspaces, readable] = await Promise.all([
    via.query<{ workspace_id: string }>({
      name: "sync-scopes",
      text: "select workspace_id from read.workspace_members where user_id = $1 order by workspace_id",
      values: [userId],
    }),
    via.query<{ id: string }>(projects.sql, [...projects.parameters]),
  ]);
  return [
    userScope(userId),
    ...workspaces.rows.map((row) => workspaceScope(row.workspace_id)),
    ...readable.rows.map((row) => projectScope(row.id)),
  ];
}

/** A row of a scope's snapshot, as the change-log entry (`position`, `seq`) it is as of. */
export interface SnapshotKey {
  entity: string;
  id: string;
  position: number;
  seq: number;
}

/** A row of a scope's snapshot, with the position of the change it is as of. */
export interface SnapshotSource {
  entity: string;
  id: string;
  position: number;
  data: Record<string, unknown>;
}

/**
 * Every live row of a scope as of `upTo` (the newest change-log entry per row, when it is a put),
 * without its data, in the order the snapshot sends them. Sorting keys alone is quick, so the
 * first part goes out while the data of the rest is still to be read (`changeDataOf`).
 */
export async function snapshotKeysOf(db: Queryable, scope: string, upTo: number): Promise<SnapshotKey[]> {
  const { rows } = await db.query<{ entity: string; id: string; position: string; seq: number }>({
    name: "sync-snapshot-keys",
    // The rows that give a screen its frame (the workspace, its members, projects and workflows)
    // come before the many (people, then candidacies), so they land in the snapshot's first part.
    text: `select entity, id, position, seq from (
             select distinct on (entity, id) entity, id, position, seq, op from read.change_log
             where scope = $1 and position <= $2
             order by entity, id, position desc, seq desc) latest
           where op = 'put'
           order by case entity when 'user' then 0 when 'workspace' then 1 when 'workspace_member' then 2
                                when 'project' then 3 when 'workflow' then 4 when 'person' then 5
                                when 'candidacy' then 6 else 7 end,
                    entity, id`,
    values: [scope, upTo],
  });
  return rows.map((row) => ({ ...row, position: Number(row.position) }));
}

/**
 * The data of change-log entries as JSON text, in the order of `entries`: a snapshot part's frame
 * takes it as it is (snapshot-parts.ts, partFrame), so it is neither parsed nor printed again here.
 */
export async function changeTextOf(
  db: Queryable,
  entries: readonly { position: number; seq: number }[],
): Promise<string[]> {
  if (entries.length === 0) return [];
  const { rows } = await db.query<{ data: string }>({
    name: "sync-change-text",
    text: `select c.data::text as data
           from unnest($1::bigint[], $2::int[]) with ordinality as wanted(position, seq, ord)
           join read.change_log c on c.position = wanted.position and c.seq = wanted.seq
           order by wanted.ord`,
    values: [entries.map((entry) => entry.position), entries.map((entry) => entry.seq)],
  });
  if (rows.length !== entries.length) throw new Error("a snapshot's change-log entry is gone");
  return rows.map((row) => row.data);
}

/** The data of change-log entries, in the order of `entries` (each one a put's, so never null). */
export async function changeDataOf(
  db: Queryable,
  entries: readonly { position: number; seq: number }[],
): Promise<Record<string, unknown>[]> {
  return (await changeTextOf(db, entries)).map((text) => changeData.parse(JSON.parse(text)));
}

const changeData = z.record(z.string(), z.unknown());

/** Every live row of a scope as of `upTo`, with its data, in the order the snapshot sends them. */
export async function snapshotOf(db: Queryable, scope: string, upTo: number): Promise<SnapshotSource[]> {
  const keys = await snapshotKeysOf(db, scope, upTo);
  const data = await changeDataOf(db, keys);
  return keys.flatMap(({ entity, id, position }, index) => {
    const row = data[index];
    return row ? [{ entity, id, position, data: row }] : [];
  });
}

/** Change-log rows of `scopes` in (after, upTo], in position order, at most `limit`. */
export async function changesOf(
  db: Queryable,
  scopes: string[],
  after: { position: number; seq: number },
  upTo: number,
  limit: number,
): Promise<(SyncRow & { seq: number })[]> {
  const { rows } = await db.query<Omit<SyncRow, "position"> & { position: string; seq: number }>({
    name: "sync-changes",
    text: `select position, seq, scope, entity, id, op, data from read.change_log
           where scope = any($1::text[]) and (position, seq) > ($2::bigint, $3::int) and position <= $4
           order by position, seq limit $5`,
    values: [scopes, after.position, after.seq, upTo, limit],
  });
  return rows.map((row) => ({ ...row, position: Number(row.position) }));
}
