import { type Kysely, sql } from "kysely";

// A project's rows (the project, its members, its invitations, its candidacies and its workflow
// copy) go to one sync scope of the project's own, `proj:{project}`; who may hold it is the sync
// server's to decide, so the read models no longer name the user a hidden project is kept to, and
// hiding or showing a project moves nothing but the project's row.
//
// The change log is re-scoped here rather than rebuilt: each of a project's rows leaves every scope
// it was logged in (the workspace's, or its creator's while hidden) and is logged once in
// `proj:{project}` as of its newest change, if it still exists then. An invitation keeps its
// entries in its invitee's bell (`user:{invitee}`), deletions included, as it is still logged there.
// The history this drops is never read again: browsers start over from a full snapshot, as the web
// replica's schema version is bumped with this change.

const tables = ["candidacies", "workflows", "project_users", "invitations"];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of tables) {
    await sql`alter table ${sql.table(`read.${table}`)} drop column private_to`.execute(db);
  }
  await sql`
    with project_rows as (
      select distinct entity, id from read.change_log
      where entity in ('project', 'candidacy', 'project_user')
        or (entity = 'workflow' and data->>'project_id' is not null)
        or (entity = 'invitation' and data->>'invitable_type' = 'Project')
    ),
    -- Its newest position says whether it still exists: a put there wins over a del of the same
    -- position, which only took it out of a scope it left (its project hidden or shown).
    latest as (
      select distinct on (c.entity, c.id) c.position, c.entity, c.id, c.op, c.data
      from read.change_log c
      join project_rows p on p.entity = c.entity and p.id = c.id
      order by c.entity, c.id, c.position desc, (c.op = 'put') desc, c.seq desc
    ),
    bells as (
      select distinct c.id, 'user:' || (c.data->>'to_user_id') as scope
      from read.change_log c
      join project_rows p on p.entity = c.entity and p.id = c.id
      where c.entity = 'invitation' and c.data->>'to_user_id' is not null
    ),
    dropped as (
      delete from read.change_log c
      using project_rows p
      where p.entity = c.entity and p.id = c.id
        and not (c.entity = 'invitation' and exists (select from bells b where b.id = c.id and b.scope = c.scope))
    ),
    -- Above every seq already at the position, so no (position, seq) is taken twice.
    last_seq as (
      select position, max(seq) as seq from read.change_log
      where position in (select position from latest)
      group by position
    )
    insert into read.change_log (position, seq, scope, entity, id, op, data)
    select l.position,
      s.seq + row_number() over (partition by l.position order by l.entity, l.id),
      'proj:' || case l.entity
        when 'project' then l.id
        when 'invitation' then l.data->>'invitable_id'
        else l.data->>'project_id'
      end,
      l.entity, l.id, 'put', l.data
    from latest l
    join last_seq s on s.position = l.position
    where l.op = 'put'`.execute(db);
}

// The column comes back as the projector before this one kept it: a hidden project's rows name
// its creator. The change log stays in project scopes; rebuild the read models after going down.
export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of tables) {
    const projectColumn = table === "invitations" ? "invitable_id" : "project_id";
    await sql`alter table ${sql.table(`read.${table}`)} add column private_to uuid`.execute(db);
    await sql`update ${sql.table(`read.${table}`)} t set private_to = p.user_id
      from read.projects p where p.id = ${sql.ref(`t.${projectColumn}`)} and not p.visible`.execute(db);
  }
}
