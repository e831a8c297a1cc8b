import { type Kysely, sql } from "kysely";

// The Talent Pool's order (people by last name, then first name, case aside, numbers as numbers):
// the first sync of a fresh profile reads the pool's first page in it before anything else of the
// user's many rows (services/api/src/sync/snapshot-lead.ts). Without an index in that order,
// Postgres reads and sorts every person the user owns (ten thousand collation-aware comparisons
// of lowered names) while the screen waits for its first rows; with one, it reads the first page.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index people_owner_name_order on read.people (
    owner_id,
    lower(last_name) collate public.name_order,
    lower(first_name) collate public.name_order,
    id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index read.people_owner_name_order`.execute(db);
}
