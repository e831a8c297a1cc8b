import { type Kysely, sql } from "kysely";

// A hidden project's candidacies and workflow copy reach its creator alone (spec §6): the rows name
// that user (null while the project is visible), and their sync scope follows. Rows already here
// take their project's visibility now; change-log entries written before keep the workspace scope
// until the read models are rebuilt (`rebuild-projections`).
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ["candidacies", "workflows"]) {
    await sql`alter table ${sql.table(`read.${table}`)} add column private_to uuid`.execute(db);
    await sql`update ${sql.table(`read.${table}`)} t set private_to = p.user_id
      from read.projects p where p.id = t.project_id and not p.visible`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["candidacies", "workflows"]) {
    await sql`alter table ${sql.table(`read.${table}`)} drop column private_to`.execute(db);
  }
}
