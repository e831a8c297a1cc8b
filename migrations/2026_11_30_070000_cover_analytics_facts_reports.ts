import { type Kysely, sql } from "kysely";

// The Reports read a workspace's facts of one kind by project and stage, and only these columns:
// an index holding them, in that order, answers each figure from the index alone (no visit to the
// table's rows, which also hold the fact mapping's memory) and in the order the figures group by.
// It leads with the columns of the index it replaces, which it serves for: the fact mapping reads
// its memory rows, left out here, by id.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index analytics_facts_report on read.analytics_facts
    (workspace_id, kind, project_id, stage_id, subject_id)
    include (happened_at, started_at, position, sequence_id, step, outcome, tracked)
    where kind <> 'memory'`.execute(db);
  await sql`drop index read.analytics_facts_workspace`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`create index analytics_facts_workspace on read.analytics_facts (workspace_id, kind, project_id)`.execute(
    db,
  );
  await sql`drop index read.analytics_facts_report`.execute(db);
}
