import { sql } from "kysely";
import { expect, it } from "vitest";
import { down, up } from "../2026_12_02_070000_create_stage_funnel_counters.ts";
import { migrationTestDb } from "./testing/migration-test-db.ts";

const db = migrationTestDb();

const ws = "00000000-0000-4000-8000-0000000000f1";
const project = "00000000-0000-4000-8000-0000000000a1";
const [ann, bo] = ["00000000-0000-4000-8000-0000000000c1", "00000000-0000-4000-8000-0000000000c2"];
const [sourced, interview] = ["00000000-0000-4000-8000-0000000000e1", "00000000-0000-4000-8000-0000000000e2"];

it("fills the funnel's counters from the stage facts already projected, as the projector counts them", async () => {
  // Ann: sourced, interview, back to sourced, interview again; Bo: sourced only.
  const facts: [string, string, string, number][] = [
    ["stage_entered", ann, sourced, 1],
    ["stage_left", ann, sourced, 2],
    ["stage_entered", ann, interview, 2],
    ["stage_left", ann, interview, 3],
    ["stage_entered", ann, sourced, 3],
    ["stage_left", ann, sourced, 4],
    ["stage_entered", ann, interview, 4],
    ["stage_entered", bo, sourced, 5],
  ];
  for (const [kind, candidacy, stage, position] of facts) {
    await sql`insert into read.analytics_facts (id, workspace_id, kind, project_id, subject_id, stage_id, happened_at, position)
      values (${`${position}:${kind}`}, ${ws}, ${kind}, ${project}, ${candidacy}, ${stage}, ${position}, ${position})`.execute(
      db,
    );
  }
  await down(db);
  await up(db);

  const { rows: stages } =
    await sql`select stage_id, entered, "left" from read.funnel_stages order by stage_id`.execute(db);
  expect(stages).toEqual([
    { stage_id: sourced, entered: 2, left: 1 },
    { stage_id: interview, entered: 1, left: 1 },
  ]);
  const { rows: pairs } = await sql`select from_stage_id, to_stage_id, candidacies from read.funnel_pairs
    order by from_stage_id`.execute(db);
  expect(pairs).toEqual([
    { from_stage_id: sourced, to_stage_id: interview, candidacies: 1 },
    { from_stage_id: interview, to_stage_id: sourced, candidacies: 1 },
  ]);
  const { rows: stays } = await sql`select candidacy_id, stage_id, first_position, last_position
    from read.funnel_stays order by candidacy_id, stage_id`.execute(db);
  expect(stays).toEqual([
    { candidacy_id: ann, stage_id: sourced, first_position: "1", last_position: "3" },
    { candidacy_id: ann, stage_id: interview, first_position: "2", last_position: "4" },
    { candidacy_id: bo, stage_id: sourced, first_position: "5", last_position: "5" },
  ]);
});
