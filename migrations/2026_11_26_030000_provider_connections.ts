import { type Kysely, sql } from "kysely";

// Connecting a mailbox goes through the same provider redirect as signing in, and names besides
// who connects it, to which workspace, and which credential a Reconnect is for. A ticket stands
// for a session for one connection: the browser's page load to the provider carries no headers.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table provider_sign_ins
      add column user_id uuid,
      add column workspace_id uuid,
      add column credential_id uuid`.execute(db);
  await sql`
    create table provider_tickets (
      ticket_hash text primary key,
      user_id uuid not null,
      expires_at timestamptz not null
    )`.execute(db);
  await sql`create index provider_tickets_expiry on provider_tickets (expires_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table provider_tickets`.execute(db);
  await sql`
    alter table provider_sign_ins drop column user_id, drop column workspace_id, drop column credential_id`.execute(db);
}
