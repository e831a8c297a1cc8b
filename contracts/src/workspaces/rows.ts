import { z } from "zod";
import { timestamp } from "../timestamp.ts";
import { workspaceRole } from "./events.ts";

export const workspaceRow = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  visible: z.boolean(),
  user_id: z.uuid(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type WorkspaceRow = z.infer<typeof workspaceRow>;

export const workspaceMemberRow = z.object({
  /** `{workspace_id}:{user_id}` */
  id: z.string(),
  workspace_id: z.uuid(),
  user_id: z.uuid(),
  role: workspaceRole,
  /** The member's name and email as their profile has them: other members' profiles are not synced. */
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  created_at: timestamp,
});
export type WorkspaceMemberRow = z.infer<typeof workspaceMemberRow>;
