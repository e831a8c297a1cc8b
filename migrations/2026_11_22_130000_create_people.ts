import { type Kysely, sql } from "kysely";

// People (candidates): one row per person with every field of the spec, and a trigram index over
// what a recruiter searches by, so that a substring search stays fast on a large pool.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);
  // In public, not in read: a rebuild swaps the read schema whole, and the index depends on it.
  await sql`
    create function public.person_search_text(
      first_name text, last_name text, email text, email_second text, email_work text,
      company text, title text, city text, state text, country text
    ) returns text language sql immutable parallel safe as $$
      select lower(concat_ws(' ', first_name, last_name, email, email_second, email_work, company, title, city, state, country))
    $$`.execute(db);
  await sql`
    create table read.people (
      id uuid primary key,
      owner_id uuid not null,
      workspace_ids uuid[] not null default '{}',
      first_name text, last_name text,
      email text, email_second text, email_work text,
      phone text, city text, state text, country text,
      degree text, company text, title text,
      linkedin text, github text, twitter text, facebook text, website text,
      avatar_url text, about text,
      experience jsonb not null default '[]',
      education jsonb not null default '[]',
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`.execute(db);
  await sql`create index people_owner on read.people (owner_id, last_name, first_name, id)`.execute(db);
  await sql`create index people_workspaces on read.people using gin (workspace_ids)`.execute(db);
  await sql`
    create index people_search on read.people using gin (
      public.person_search_text(first_name, last_name, email, email_second, email_work, company, title, city, state, country)
      gin_trgm_ops
    )`.execute(db);
  // Matching on import: any of the three addresses, whatever their case.
  await sql`create index people_email on read.people (owner_id, lower(email))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table read.people`.execute(db);
  await sql`drop function public.person_search_text`.execute(db);
}
