import { z } from "zod";
import { timestamp } from "../timestamp.ts";
import { candidacyResponses } from "./events.ts";

/**
 * The candidacies read model (the spec's project person): one row per person in a project, synced
 * to `ws:{workspace_id}`. `status` is the name of the stage the candidate is in, kept in step with
 * renames of the project's workflow.
 */
export const candidacyRow = z.object({
  id: z.uuid(),
  project_id: z.uuid(),
  workspace_id: z.uuid(),
  person_id: z.uuid(),
  stage_id: z.uuid(),
  status: z.string(),
  response: z.enum(candidacyResponses).nullable(),
  /** When the candidate entered the stage they are in. */
  stage_entered_at: timestamp,
  created_at: timestamp,
  updated_at: timestamp,
});
export type CandidacyRow = z.infer<typeof candidacyRow>;
