import { type Kysely, sql } from "kysely";

// Candidacies (the spec's project people): one row per person in a project, listed by project and
// stage, found by person for a person's related projects.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table read.candidacies (
      id uuid primary key,
      project_id uuid not null,
      workspace_id uuid not null,
      person_id uuid not null,
      stage_id uuid not null,
      status text not null,
      response text check (response in ('interested', 'not_interested', 'follow_up')),
      stage_entered_at timestamptz not null,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`.execute(db);
  await sql`create index candidacies_project on read.candidacies (project_id, stage_id, created_at, id)`.execute(db);
  await sql`create index candidacies_person on read.candidacies (person_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table read.candidacies`.execute(db);
}
