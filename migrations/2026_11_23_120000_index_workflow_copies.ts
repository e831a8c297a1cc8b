import { type Kysely, sql } from "kysely";

// A project's copy of a workflow is looked up by its project (assigning, editing the copy's
// stages, removing the project); only copies have one.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index workflows_project on read.workflows (project_id) where project_id is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index read.workflows_project`.execute(db);
}
