import { type Kysely, sql } from "kysely";

// The whole log's stage funnel, kept by the analytics facts projection as it writes the facts, so
// the Reports answer it from a few rows instead of aggregating every stay at request time:
// - funnel_stays: each candidacy's first and last entry into each stage (log positions): what a
//   new fact is compared with to update the counters below;
// - funnel_stages: per project and stage, the candidacies that entered it and that left it;
// - funnel_pairs: per project and ordered pair of stages (A, B), the candidacies whose last entry
//   into B comes after their first into A. The workflow's order may change: the funnel takes the
//   pair of each stage and the one now after it.
// Filled here from the facts already projected, as the projector would have.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table read.funnel_stays (
      candidacy_id uuid not null,
      stage_id uuid not null,
      project_id uuid not null,
      first_position bigint not null,
      last_position bigint not null,
      primary key (candidacy_id, stage_id)
    )`.execute(db);
  await sql`
    create table read.funnel_stages (
      project_id uuid not null,
      stage_id uuid not null,
      entered integer not null,
      "left" integer not null,
      primary key (project_id, stage_id)
    )`.execute(db);
  await sql`
    create table read.funnel_pairs (
      project_id uuid not null,
      from_stage_id uuid not null,
      to_stage_id uuid not null,
      candidacies integer not null,
      primary key (project_id, from_stage_id, to_stage_id)
    )`.execute(db);
  await sql`
    insert into read.funnel_stays
    select subject_id, stage_id, min(project_id::text)::uuid, min(position), max(position)
    from read.analytics_facts where kind = 'stage_entered'
    group by subject_id, stage_id`.execute(db);
  await sql`
    insert into read.funnel_stages
    select project_id, stage_id, sum(entered), sum(left_) from (
      select project_id, stage_id, count(*) as entered, 0 as left_ from read.funnel_stays group by project_id, stage_id
      union all
      select project_id, stage_id, 0, count(distinct subject_id) from read.analytics_facts
      where kind = 'stage_left' group by project_id, stage_id) counted
    group by project_id, stage_id`.execute(db);
  await sql`
    insert into read.funnel_pairs
    select a.project_id, a.stage_id, b.stage_id, count(*)
    from read.funnel_stays a join read.funnel_stays b on b.candidacy_id = a.candidacy_id and b.stage_id <> a.stage_id
    where b.last_position > a.first_position
    group by a.project_id, a.stage_id, b.stage_id`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table read.funnel_pairs`.execute(db);
  await sql`drop table read.funnel_stages`.execute(db);
  await sql`drop table read.funnel_stays`.execute(db);
}
