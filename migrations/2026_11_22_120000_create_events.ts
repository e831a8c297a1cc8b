import { type Kysely, sql } from "kysely";

// The postgres event store: one table, positions encode the appending transaction (see the adapter).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table events (
      global_position bigint primary key,
      stream_id text not null,
      stream_revision bigint not null,
      event_id uuid not null,
      type text not null,
      data jsonb not null,
      metadata jsonb not null,
      recorded_at timestamptz not null default now(),
      constraint events_stream_revision_key unique (stream_id, stream_revision),
      constraint events_event_id_key unique (event_id)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table events`.execute(db);
}
