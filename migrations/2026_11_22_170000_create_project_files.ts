import { type Kysely, sql } from "kysely";

// Files uploaded to a project: bytes the API owns, not events, so a rebuild of the read models
// leaves them alone. Listed by project, newest first.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table project_files (
      id uuid primary key,
      project_id uuid not null,
      workspace_id uuid not null,
      name text not null,
      content_type text not null,
      size integer not null check (size > 0),
      bytes bytea not null,
      uploaded_by uuid not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index project_files_project on project_files (project_id, created_at desc, id desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table project_files`.execute(db);
}
