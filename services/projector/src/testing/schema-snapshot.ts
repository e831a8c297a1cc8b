import { type Kysely, sql } from "kysely";

/** Every row of every table in `schema`, as JSON, in a stable order: for comparing two schemas. */
export async function snapshotSchema(db: Kysely<unknown>, schema: string): Promise<Record<string, unknown[]>> {
  const { rows: tables } = await sql<{ tablename: string }>`select tablename from pg_tables
    where schemaname = ${schema} order by tablename`.execute(db);
  const snapshot: Record<string, unknown[]> = {};
  for (const { tablename } of tables) {
    const { rows } = await sql<{ row: unknown }>`select to_jsonb(t) as row from ${sql.table(`${schema}.${tablename}`)} t
      order by to_jsonb(t)::text`.execute(db);
    snapshot[tablename] = rows.map((r) => r.row);
  }
  return snapshot;
}
