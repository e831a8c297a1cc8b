import { type Kysely, sql } from "kysely";

// A workspace's project count is no longer kept on the workspace: it counted every project,
// hidden ones and those a collaborator was never invited to, and the row went to every member.
// Each reader is now told how many of the workspace's projects they reach, counted where it is read.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table read.workspaces drop column projects_count`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table read.workspaces add column projects_count integer not null default 0`.execute(db);
  await sql`update read.workspaces w set projects_count =
    (select count(*) from read.projects p where p.workspace_id = w.id)`.execute(db);
}
