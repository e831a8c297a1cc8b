import { type Kysely, sql } from "kysely";

// Sequences: one row per sequence of a workspace, its steps embedded in order (they are read and
// written with the sequence, never alone).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table read.sequences (
      id uuid primary key,
      workspace_id uuid not null,
      name text not null,
      description text not null,
      has_review boolean not null,
      has_write boolean not null,
      allow_send_weekend boolean not null,
      allow_send_holiday boolean not null,
      holiday_country text not null,
      timezone text not null,
      payload_fields jsonb not null,
      steps jsonb not null default '[]',
      user_id uuid not null,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`.execute(db);
  await sql`create index sequences_workspace on read.sequences (workspace_id, created_at, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table read.sequences`.execute(db);
}
