import { type Kysely, sql } from "kysely";

// The Reports read model: the analytics facts of every workspace (stays entered and left, steps'
// outcomes, runs contacted and replied) and, in rows of kind `memory`, what the fact mapping
// remembers between events (a candidacy's stay, a run's messages). Times are epoch milliseconds,
// as the analytics export counts them. Server-only: nothing of it goes to browsers.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table read.analytics_facts (
      id text primary key,
      workspace_id uuid not null,
      kind text not null,
      project_id uuid,
      subject_id uuid,
      stage_id uuid,
      sequence_id uuid,
      step integer,
      outcome text,
      tracked boolean,
      started_at bigint,
      happened_at bigint,
      position bigint,
      memory jsonb
    )`.execute(db);
  // Every report reads one workspace's facts of one kind, often of one project.
  await sql`create index analytics_facts_workspace on read.analytics_facts (workspace_id, kind, project_id)`.execute(
    db,
  );
  // New to a deployment that has a history: it starts from the log's first event. Without this row
  // the projector would place it where the others stand, and the history before would never count.
  await sql`insert into read.projection_states (name, position) values ('analytics_facts', 0)
    on conflict (name) do nothing`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from read.projection_states where name = 'analytics_facts'`.execute(db);
  await sql`drop table read.analytics_facts`.execute(db);
}
