import { type Kysely, sql } from "kysely";

// Step performance groups a workspace's step facts by project, sequence and step. The Reports'
// index orders them by candidacy instead, so Postgres read the whole table in parallel workers (on
// two cores, a second of CPU beside the other figures): an index of the step facts alone, in the
// figure's order and holding its columns, answers it from the index, grouped as it is read.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index analytics_facts_steps on read.analytics_facts
    (workspace_id, project_id, sequence_id, step)
    include (outcome, tracked, started_at, happened_at)
    where kind = 'step'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index read.analytics_facts_steps`.execute(db);
}
