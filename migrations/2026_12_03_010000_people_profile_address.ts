import { type Kysely, sql } from "kysely";

// Adding a person from their profile page matches people by their profile address, however it was
// written (http or https, with or without www., a query, a trailing slash, any case): the same
// key on both sides, and an index on it so the match reads a row or two, not the whole table.
// In public, not in read, as person_search_text: a rebuild swaps the read schema whole.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function public.profile_address(address text) returns text language sql immutable parallel safe as $$
      select nullif(
        regexp_replace(
          regexp_replace(regexp_replace(lower(btrim(address)), '^https?://(www\\.)?', ''), '[?#].*$', ''),
          '/+$', ''),
        '')
    $$`.execute(db);
  await sql`create index people_profile_address on read.people (public.profile_address(linkedin))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index read.people_profile_address`.execute(db);
  await sql`drop function public.profile_address`.execute(db);
}
