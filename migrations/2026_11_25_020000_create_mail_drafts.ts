import { type Kysely, sql } from "kysely";

// A sequence step's message between "drafted" and "sent", for the transports that keep it here
// (`local`, and `smtp`, which has no drafts of its own). `key` names the step across attempts, so a
// draft created again is the same draft. `status` moves draft → sent for `local` in one statement;
// `smtp` marks a draft `sending` (committed) before handing it over, so a worker that dies mid-send
// leaves a trace and the message is reported `uncertain` instead of being sent a second time.
// `mailbox` is the credential the draft belongs to: every lookup is scoped to it.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table mail_drafts (
      id uuid primary key,
      mailbox text not null,
      key text not null,
      message_id text not null,
      envelope_from text not null,
      envelope_to text[] not null,
      subject text not null,
      raw bytea not null,
      status text not null default 'draft' check (status in ('draft', 'sending', 'sent', 'failed', 'uncertain')),
      fail_message text,
      provider_id text,
      created_at timestamptz not null default now(),
      sent_at timestamptz,
      unique (mailbox, key)
    )`.execute(db);
  await sql`create index mail_drafts_message_id on mail_drafts (mailbox, message_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table mail_drafts`.execute(db);
}
