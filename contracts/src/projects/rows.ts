import { z } from "zod";
import { timestamp } from "../timestamp.ts";
import { projectPriorities, projectRole, projectStatuses } from "./events.ts";

/** The projects read model: one row per project that has not been removed; synced to `ws:{workspace_id}`. */
export const projectRow = z.object({
  id: z.uuid(),
  workspace_id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  priority: z.enum(projectPriorities),
  status: z.enum(projectStatuses),
  start_date: z.iso.date().nullable(),
  deadline: z.iso.date().nullable(),
  visible: z.boolean(),
  workflow_id: z.uuid().nullable(),
  user_id: z.uuid(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type ProjectRow = z.infer<typeof projectRow>;

/**
 * The project members read model (the spec's project_user): one row per member, the creator as
 * its first owner; synced to `ws:{workspace_id}`. `last_activity` is when the member last changed
 * something in the project, to the minute.
 */
export const projectUserRow = z.object({
  id: z.uuid(),
  project_id: z.uuid(),
  workspace_id: z.uuid(),
  user_id: z.uuid(),
  role: projectRole,
  /** The member's name and email as their profile has them: other members' profiles are not synced. */
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  last_activity: timestamp.nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type ProjectUserRow = z.infer<typeof projectUserRow>;
