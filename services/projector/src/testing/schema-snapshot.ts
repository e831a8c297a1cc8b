import { type Kysely, sql } from "kysely";
import { ACCESS_CHECKPOINT } from "../project-batch.ts";

/**
 * Every row of every table in `schema`, as JSON, in a stable order: for comparing two schemas.
 * The `access` checkpoint row is left out: it is a signal to open sockets, not a read model, and a
 * swap raises it to the swap's own position on purpose, so it differs from a rebuild that did not swap.
 */
export async function snapshotSchema(db: Kysely<unknown>, schema: string): Promise<Record<string, unknown[]>> {
  const { rows: tables } = await sql<{ tablename: string }>`select tablename from pg_tables
    where schemaname = ${schema} order by tablename`.execute(db);
  const snapshot: Record<string, unknown[]> = {};
  for (const { tablename } of tables) {
    const { rows } = await sql<{ row: unknown }>`select to_jsonb(t) as row from ${sql.table(`${schema}.${tablename}`)} t
      order by to_jsonb(t)::text`.execute(db);
    snapshot[tablename] = rows
      .map((r) => r.row)
      .filter((row) => !(tablename === "checkpoint" && isAccessCheckpoint(row)));
  }
  return snapshot;
}

function isAccessCheckpoint(row: unknown): boolean {
  return typeof row === "object" && row !== null && "name" in row && row.name === ACCESS_CHECKPOINT;
}
