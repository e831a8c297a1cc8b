import { z } from "zod";
import { timestamp } from "../timestamp.ts";
import { personProfile } from "./profile.ts";

/** The people read model: one row per person, with the workspaces that see it. */
export const personRow = personProfile.extend({
  id: z.uuid(),
  owner_id: z.uuid(),
  workspace_ids: z.array(z.uuid()),
  created_at: timestamp,
  updated_at: timestamp,
});
export type PersonRow = z.infer<typeof personRow>;
