import { type Kysely, sql } from "kysely";

// Messages: one row per step a run sent and per message that came back on its thread (the
// person's Messages, the Message tab's thread). Inbound mail finds its run by `message_id`.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table read.messages (
      id uuid primary key,
      type text not null,
      kind text,
      workspace_id uuid not null,
      project_id uuid not null,
      person_id uuid not null,
      processor_id uuid not null,
      position integer,
      status text not null,
      "from" text not null,
      "to" text not null,
      subject text not null,
      body_untracked text not null,
      message_id text not null,
      in_reply_to text,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`.execute(db);
  await sql`create index messages_person on read.messages (person_id, created_at, id)`.execute(db);
  await sql`create index messages_processor on read.messages (processor_id)`.execute(db);
  await sql`create index messages_message_id on read.messages (message_id)`.execute(db);
  await sql`create index messages_project on read.messages (project_id)`.execute(db);
  await sql`create index messages_workspace on read.messages (workspace_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table read.messages`.execute(db);
}
