import { type Kysely, sql } from "kysely";

// Opt-outs: the addresses that asked to hear no more (for marking people added later), the people
// known by them marked on their row, and each workspace's clearance of an address in a row of its
// own (synced to the workspace). Addresses
// compare case-insensitively, so the people are found by their lower-cased addresses.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table read.people
    add column opted_out_at timestamptz,
    add column opt_out_source text,
    add column opted_out_address text`.execute(db);
  await sql`create index people_email_lower on read.people (lower(email))`.execute(db);
  await sql`create index people_email_work_lower on read.people (lower(email_work))`.execute(db);
  await sql`create index people_email_second_lower on read.people (lower(email_second))`.execute(db);
  await sql`
    create table read.opt_out_clearances (
      id uuid primary key,
      workspace_id uuid not null,
      address text not null,
      cleared_at timestamptz not null,
      cleared_by uuid not null,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`.execute(db);
  await sql`
    create table read.opt_outs (
      id uuid primary key,
      address text not null,
      opted_out_at timestamptz not null,
      source text not null
    )`.execute(db);
  await sql`create index opt_out_clearances_workspace on read.opt_out_clearances (workspace_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table read.opt_out_clearances`.execute(db);
  await sql`drop table read.opt_outs`.execute(db);
  await sql`drop index read.people_email_lower`.execute(db);
  await sql`drop index read.people_email_work_lower`.execute(db);
  await sql`drop index read.people_email_second_lower`.execute(db);
  await sql`alter table read.people drop column opted_out_at, drop column opt_out_source, drop column opted_out_address`.execute(
    db,
  );
}
