import { type Kysely, sql } from "kysely";

// Payloads: one row per run of a sequence for one candidacy (the Message tab's list). `run` keeps
// the run as its events leave it, for the projection's next event; browsers never see it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table read.payloads (
      id uuid primary key,
      workspace_id uuid not null,
      project_id uuid not null,
      project_person_id uuid not null,
      person_id uuid not null,
      first_name text not null,
      last_name text not null,
      sequence_id uuid not null,
      stage_id uuid not null,
      has_review boolean not null,
      status text not null,
      status_position integer not null,
      empty_count integer not null,
      editable boolean not null,
      payload_values jsonb not null,
      payload_fields jsonb not null,
      button text,
      event text not null,
      time_zone text not null,
      time_zone_source text not null,
      processor jsonb not null,
      run jsonb not null,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`.execute(db);
  await sql`create index payloads_project_stage on read.payloads (project_id, stage_id, status_position, id)`.execute(
    db,
  );
  await sql`create index payloads_person on read.payloads (person_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table read.payloads`.execute(db);
}
