import { type Kysely, sql } from "kysely";

// Projects: one row per project that has not been removed, listed by workspace and status.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table read.projects (
      id uuid primary key,
      workspace_id uuid not null,
      name text not null,
      description text,
      priority text not null check (priority in ('High', 'Medium', 'Low')),
      status text not null check (status in ('Active', 'Inactive', 'Archived')),
      start_date date,
      deadline date,
      visible boolean not null,
      workflow_id uuid,
      user_id uuid not null,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`.execute(db);
  await sql`create index projects_workspace on read.projects (workspace_id, status, created_at, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table read.projects`.execute(db);
}
