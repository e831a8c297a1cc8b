import { type Kysely, sql } from "kysely";

// Credentials (the spec's providers): the read model browsers sync, and beside it, outside the
// rebuildable `read` schema, their secrets. A rebuild replays events, and events never hold a
// secret, so the secrets must live where a rebuild does not reach: encrypted (AES-256-GCM), with
// the id of the key that sealed them so that keys can be rotated.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table read.credentials (
      id uuid primary key,
      workspace_id uuid not null,
      name text not null,
      email text not null,
      provider_type text not null,
      aliases jsonb not null default '[]',
      health text not null,
      fail_message text,
      daily_limit integer not null,
      min_gap_seconds integer not null,
      user_id uuid not null,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`.execute(db);
  await sql`create index credentials_workspace on read.credentials (workspace_id, created_at, id)`.execute(db);
  await sql`
    create table credential_secrets (
      credential_id uuid primary key,
      workspace_id uuid not null,
      command_id text not null,
      key_id text not null,
      iv bytea not null,
      tag bytea not null,
      ciphertext bytea not null,
      created_at timestamptz not null default now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table read.credentials, credential_secrets`.execute(db);
}
