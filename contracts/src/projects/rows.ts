import { z } from "zod";
import { timestamp } from "../timestamp.ts";
import { projectPriorities, projectStatuses } from "./events.ts";

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
