import { type Kysely, sql } from "kysely";

// Read models live in schema `read` so that a rebuild can fill a fresh copy and swap it in whole.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create schema read`.execute(db);
  await sql`create table read.checkpoint (name text primary key, position bigint not null)`.execute(db);
  await sql`
    create table read.change_log (
      position bigint not null,
      seq integer not null,
      scope text not null,
      entity text not null,
      id text not null,
      op text not null check (op in ('put', 'del')),
      data jsonb,
      primary key (position, seq)
    )`.execute(db);
  await sql`create index change_log_scope_position on read.change_log (scope, position)`.execute(db);
  await sql`
    create table read.users (
      id uuid primary key,
      email text not null unique,
      password_hash text not null,
      first_name text not null,
      last_name text not null,
      picture text,
      color text not null,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`.execute(db);
  await sql`
    create table read.password_resets (
      id uuid primary key,
      token_hash text not null unique,
      expires_at timestamptz not null
    )`.execute(db);
  await sql`
    create table read.workspaces (
      id uuid primary key,
      name text not null,
      description text not null,
      visible boolean not null,
      user_id uuid not null,
      projects_count integer not null default 0,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`.execute(db);
  await sql`
    create table read.workspace_members (
      id text primary key,
      workspace_id uuid not null,
      user_id uuid not null,
      role text not null,
      created_at timestamptz not null
    )`.execute(db);
  await sql`create index workspace_members_user on read.workspace_members (user_id)`.execute(db);
  await sql`create index workspace_members_workspace on read.workspace_members (workspace_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop schema read cascade`.execute(db);
}
