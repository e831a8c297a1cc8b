import { type Kysely, sql } from "kysely";

// A project's copy names the template it was copied from (the document's `workflow_id`); a template
// has none. Copies made before the events recorded it keep null.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table read.workflows add column template_id uuid`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table read.workflows drop column template_id`.execute(db);
}
