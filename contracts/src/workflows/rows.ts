import { z } from "zod";
import { timestamp } from "../timestamp.ts";

export const stageRow = z.object({
  id: z.uuid(),
  name: z.string(),
  position: z.number().int(),
  description: z.string(),
  sequence_id: z.uuid().nullable(),
  on_response_stage_id: z.uuid().nullable(),
  on_response_stage_position: z.number().int().nullable(),
});
export type StageRow = z.infer<typeof stageRow>;

/** The workflows read model: one row per workflow, its stages embedded in order; scope `ws:{workspace_id}`. */
export const workflowRow = z.object({
  id: z.uuid(),
  workspace_id: z.uuid(),
  name: z.string(),
  description: z.string(),
  /** "project" rows arrive with projects (a template assigned to one is copied). */
  assigned_to: z.enum(["template", "project"]),
  project_id: z.uuid().nullable(),
  /**
   * A copy's template (the document's `workflow_id`); null for a template. Rows logged before the
   * column existed lack it, hence the default.
   */
  template_id: z.uuid().nullable().default(null),
  stages: z.array(stageRow),
  user_id: z.uuid(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type WorkflowRow = z.infer<typeof workflowRow>;
