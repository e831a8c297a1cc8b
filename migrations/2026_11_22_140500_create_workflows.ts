import { type Kysely, sql } from "kysely";

// Workflows: a workspace's templates (and, with projects, their assigned copies), one row each with
// its stages embedded in order.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table read.workflows (
      id uuid primary key,
      workspace_id uuid not null,
      name text not null,
      description text not null,
      assigned_to text not null check (assigned_to in ('template', 'project')),
      project_id uuid,
      stages jsonb not null default '[]',
      user_id uuid not null,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`.execute(db);
  await sql`create index workflows_workspace on read.workflows (workspace_id, assigned_to, created_at, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table read.workflows`.execute(db);
}
