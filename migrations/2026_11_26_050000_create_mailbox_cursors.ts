import { type Kysely, sql } from "kysely";

// Where each credential's mailbox was read up to (an IMAP UIDVALIDITY and UIDNEXT, a Gmail
// historyId, a Graph delta link: opaque here), when, and what went wrong the last time; `refused_as`
// is the credential's error that a refused sign-in recorded, while it stands. Outside
// the rebuildable `read` schema: a position in someone's mailbox cannot be replayed from events.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table mailbox_cursors (
      credential_id uuid primary key,
      cursor text,
      last_read_at timestamptz,
      last_error text,
      last_error_at timestamptz,
      refused_as text
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table mailbox_cursors`.execute(db);
}
