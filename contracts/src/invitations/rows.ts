import { z } from "zod";
import { projectRole } from "../projects/events.ts";
import { timestamp } from "../timestamp.ts";
import { workspaceRole } from "../workspaces/events.ts";
import { invitableTypes, invitationStatuses } from "./events.ts";

/**
 * The invitations read model (spec §3). The names of the inviter and of what the invitation opens
 * are kept with it: the invitee's browser holds neither until they accept. `to_user_id` is filled
 * when the email signs up. Synced to `ws:{workspace_id}` (the Access tab's pending invitations)
 * and, once it names an account, to `user:{to_user_id}` (the bell).
 */
export const invitationRow = z.object({
  id: z.uuid(),
  from_user_id: z.uuid(),
  from_name: z.string(),
  to_email: z.string(),
  to_user_id: z.uuid().nullable(),
  invitable_type: z.enum(invitableTypes),
  invitable_id: z.uuid(),
  invitable_name: z.string(),
  workspace_id: z.uuid(),
  workspace_role: workspaceRole,
  project_role: projectRole.nullable(),
  status: z.enum(invitationStatuses),
  created_at: timestamp,
  updated_at: timestamp,
});
export type InvitationRow = z.infer<typeof invitationRow>;
