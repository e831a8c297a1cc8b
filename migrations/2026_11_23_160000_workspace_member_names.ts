import { type Kysely, sql } from "kysely";

// A workspace member's name and email travel with the membership: the Access tab and Add Person
// (spec §5: the workspace role of an existing email is filled from the workspace user) need them,
// and other members' profiles are not synced. Rows already here take them from the users now;
// their change-log entries catch up with the next `rebuild-projections`.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table read.workspace_members
    add column first_name text not null default '',
    add column last_name text not null default '',
    add column email text not null default ''`.execute(db);
  await sql`update read.workspace_members m set first_name = u.first_name, last_name = u.last_name, email = u.email
    from read.users u where u.id = m.user_id`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table read.workspace_members drop column first_name, drop column last_name, drop column email`.execute(
    db,
  );
}
