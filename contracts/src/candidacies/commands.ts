// The pipeline's requests (spec §7 Project people, §4 Assign flow): bodies and list queries as the
// server parses them and the browser builds them, and the words both show.
import { z } from "zod";
import { listQuery } from "../lists.ts";
import { importCounts } from "../people/import.ts";
import { WORKFLOW_STAGES_MAX } from "../workflows/commands.ts";
import { candidacyResponses } from "./events.ts";

/** Most people one assignment or export takes at once: the CSV import's limit (spec §5). */
export const ASSIGN_PEOPLE_MAX = 400;

export const candidacyMessages = {
  /** The web's toast after an assignment or an export (spec §8). */
  assigned: "Candidates assigned",
  noWorkflow: "Assign a workflow to the project first",
  notAStage: "must be a stage of this project",
  tooMany: `must have at most ${ASSIGN_PEOPLE_MAX} people`,
  none: "must name at least one person",
} as const;

const id = z.uuid({ error: "must be a UUID" });

/** POST …/projects/{id}/assign_people: each person, and optionally the stage to put them in. */
export const assignPeopleAttributes = z
  .object({
    people_attributes: z
      .array(z.object({ person_id: id, stage_id: id.nullable().optional() }).strict())
      .min(1, { error: candidacyMessages.none })
      .max(ASSIGN_PEOPLE_MAX, { error: candidacyMessages.tooMany }),
  })
  .strict();
export type AssignPeopleAttributes = z.infer<typeof assignPeopleAttributes>;

/** POST /people/export_to_project: the selected people into the project's first stage. */
export const exportToProjectAttributes = z
  .object({
    workspace_id: id,
    project_id: id,
    people_ids: z
      .array(id)
      .min(1, { error: candidacyMessages.none })
      .max(ASSIGN_PEOPLE_MAX, { error: candidacyMessages.tooMany }),
  })
  .strict();
export type ExportToProjectAttributes = z.infer<typeof exportToProjectAttributes>;

/** PUT …/project_people/{id}/move. */
export const moveCandidacyAttributes = z.object({ stage_id: id }).strict();

/** PUT …/project_people/{id}/person_response. */
export const candidacyResponseAttributes = z
  .object({ response: z.enum(candidacyResponses, { error: `must be one of ${candidacyResponses.join(", ")}` }) })
  .strict();

const oneOrMany = <T extends z.ZodType>(item: T) =>
  z
    .union([item, z.array(item).max(WORKFLOW_STAGES_MAX)])
    .transform((value) => (Array.isArray(value) ? value : [value]));

/** GET /projects/{id}/project_people: the list parameters and the stage chips, Rails-style or plain. */
export const candidacyListQuery = listQuery.extend({
  "by_stages[]": oneOrMany(id).optional(),
  by_stages: oneOrMany(id).optional(),
});
export type CandidacyListQuery = z.infer<typeof candidacyListQuery>;

/** The stage ids a list query names, whichever spelling it used. */
export function stageFilter(query: CandidacyListQuery): string[] {
  return [...new Set([...(query["by_stages[]"] ?? []), ...(query.by_stages ?? [])])];
}

/** GET /project_people/global_search: candidacies across every project the user can read. */
export const candidacySearchQuery = listQuery;

/** A person the assignment refused, and why. */
export const assignPersonError = z.object({ person_id: z.uuid(), reason: z.string() });
export type AssignPersonError = z.infer<typeof assignPersonError>;

/**
 * The answer to an assignment or an export, in the import result's words: `new` people became
 * candidates now, `existing` ones already were (or were named twice), `assigned` counts the new
 * ones who were also put into the project's workspace now. success = new + existing; total =
 * success + errors, one per person named.
 */
export const assignResultDocument = z.object({
  data: z.object({ type: z.literal("assign_result"), id: z.uuid(), attributes: importCounts }),
  meta: z.object({
    person_errors: z.array(assignPersonError),
    /** The highest event position the assignment appended; 0 when it appended nothing. */
    position: z.number().int().nonnegative(),
  }),
});
export type AssignResultDocument = z.infer<typeof assignResultDocument>;
