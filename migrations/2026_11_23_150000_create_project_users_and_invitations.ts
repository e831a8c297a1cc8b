import { createHash } from "node:crypto";
import { type Kysely, sql } from "kysely";

// Project members (the spec's project_user), read by project (the Access tab), by user (the
// projects one may open) and by workspace (leaving it); invitations, read by workspace, by what
// they open, by invitee and by the email an account signs up with.
//
// A hidden project's members and invitations reach its creator alone (spec §6), as the project
// does: `private_to` names that user (null while the project is visible) and is not synced.
//
// Every project already here gets its creator as its owner, as ProjectCreated now gives one.
// Their change-log entries come with the next rebuild of the read models (`rebuild-projections`),
// which also fills `last_activity` from the history.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table read.project_users (
      id uuid primary key,
      project_id uuid not null,
      workspace_id uuid not null,
      user_id uuid not null,
      role text not null check (role in ('owner', 'manager', 'collaborator', 'viewer')),
      first_name text not null,
      last_name text not null,
      email text not null,
      last_activity timestamptz,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      private_to uuid
    )`.execute(db);
  await sql`create index project_users_project on read.project_users (project_id)`.execute(db);
  await sql`create index project_users_user on read.project_users (user_id)`.execute(db);
  await sql`create index project_users_workspace on read.project_users (workspace_id)`.execute(db);

  await sql`
    create table read.invitations (
      id uuid primary key,
      from_user_id uuid not null,
      from_name text not null,
      to_email text not null,
      to_user_id uuid,
      invitable_type text not null check (invitable_type in ('Workspace', 'Project')),
      invitable_id uuid not null,
      invitable_name text not null,
      workspace_id uuid not null,
      workspace_role text not null check (workspace_role in ('owner', 'manager', 'collaborator', 'viewer')),
      project_role text check (project_role in ('owner', 'manager', 'collaborator', 'viewer')),
      status text not null check (status in ('waiting', 'active', 'inactive')),
      created_at timestamptz not null,
      updated_at timestamptz not null,
      private_to uuid
    )`.execute(db);
  await sql`create index invitations_workspace on read.invitations (workspace_id)`.execute(db);
  await sql`create index invitations_invitable on read.invitations (invitable_id)`.execute(db);
  await sql`create index invitations_to_user on read.invitations (to_user_id)`.execute(db);
  await sql`create index invitations_to_email on read.invitations (to_email)`.execute(db);

  const { rows: projects } = await sql<{ id: string; user_id: string }>`
    select id, user_id from read.projects`.execute(db);
  if (projects.length === 0) return;
  await sql`
    insert into read.project_users
      (id, project_id, workspace_id, user_id, role, first_name, last_name, email, last_activity, created_at,
       updated_at, private_to)
    select m.id, p.id, p.workspace_id, p.user_id, 'owner', coalesce(u.first_name, ''), coalesce(u.last_name, ''),
      coalesce(u.email, ''), null, p.created_at, p.created_at, case when p.visible then null else p.user_id end
    from unnest(${projects.map((p) => projectUserIdOf(p.id, p.user_id))}::uuid[],
                ${projects.map((p) => p.id)}::uuid[]) as m(id, project_id)
    join read.projects p on p.id = m.project_id
    left join read.users u on u.id = p.user_id`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table read.invitations`.execute(db);
  await sql`drop table read.project_users`.execute(db);
}

/**
 * The member's id as contracts/src/projects/project-user-id.ts gives it (UUID v5 of
 * `{project}/{user}`), written out here because a migration imports nothing from the app.
 */
function projectUserIdOf(projectId: string, userId: string): string {
  const namespace = Buffer.from("9c3e71a4-52d8-4f0b-8e26-4a7d1b90c3f5".replaceAll("-", ""), "hex");
  const bytes = createHash("sha1").update(namespace).update(`${projectId}/${userId}`, "utf8").digest().subarray(0, 16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x50;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
