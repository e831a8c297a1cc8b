import { type Kysely, sql } from "kysely";

// State the API owns outside the event log: secrets and request bookkeeping, never replayed.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table auth_sessions (
      user_id uuid not null,
      client text not null,
      token_hash text not null,
      expires_at timestamptz not null,
      created_at timestamptz not null default now(),
      last_used_at timestamptz not null default now(),
      primary key (user_id, client)
    )`.execute(db);
  await sql`
    create table sign_in_failures (
      key text primary key,
      failures integer not null,
      window_started_at timestamptz not null
    )`.execute(db);
  await sql`
    create table idempotency_keys (
      owner text not null,
      key text not null,
      request_hash text not null,
      status integer not null,
      body jsonb,
      created_at timestamptz not null default now(),
      primary key (owner, key)
    )`.execute(db);
  await sql`
    create table local_mailbox (
      id uuid primary key,
      to_address text not null,
      subject text not null,
      mime text not null,
      created_at timestamptz not null default now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table local_mailbox, idempotency_keys, sign_in_failures, auth_sessions`.execute(db);
}
