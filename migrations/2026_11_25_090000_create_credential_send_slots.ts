import { type Kysely, sql } from "kysely";

// The times the scheduler gave each credential's sends, so the next step it schedules keeps the
// credential's minimum gap and daily limit. Written in the reactions' transaction with the job it
// books, never by the projector: a rebuild of the read models leaves the schedule alone.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table credential_send_slots (
      job_key uuid primary key,
      credential_id uuid not null,
      processor_id uuid not null,
      position integer not null,
      due_at timestamptz not null
    )`.execute(db);
  await sql`create index credential_send_slots_due on credential_send_slots (credential_id, due_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table credential_send_slots`.execute(db);
}
