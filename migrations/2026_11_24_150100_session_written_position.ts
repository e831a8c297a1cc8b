import { type Kysely, sql } from "kysely";

// Each session remembers the position its writes reached, so that its reads, on whichever API
// process they arrive, wait until the read models hold what it wrote.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table auth_sessions add column written_position bigint not null default 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table auth_sessions drop column written_position`.execute(db);
}
