import { type Kysely, sql } from "kysely";

// Each read model keeps its own position, so one that fails on an event can stop there, with the
// reason, while the others go on. `read.checkpoint`'s `projector` row keeps its meaning for the API
// and the sync hub: the position every read model and the change log have reached. The projector
// adds a row per read model (at that checkpoint) the first time it starts.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table read.projection_states (
      name text primary key,
      position bigint not null,
      failed_position bigint,
      failure text,
      failed_at timestamptz
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table read.projection_states`.execute(db);
}
