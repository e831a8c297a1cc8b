import { z } from "zod";
import { optOutSources } from "../opt-outs/events.ts";
import { timestamp } from "../timestamp.ts";
import { personProfile } from "./profile.ts";

/** The people read model: one row per person, with the workspaces that see it. */
export const personRow = personProfile.extend({
  id: z.uuid(),
  owner_id: z.uuid(),
  workspace_ids: z.array(z.uuid()),
  /**
   * When the person's address last asked to hear no more (one-click, the link, or a reply), how,
   * and which address: null when it never did. Each workspace may clear it for itself (the
   * `opt_out_clearances` rows); a later opt-out counts again.
   */
  opted_out_at: timestamp.nullable().optional(),
  opt_out_source: z.enum(optOutSources).nullable().optional(),
  opted_out_address: z.string().nullable().optional(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type PersonRow = z.infer<typeof personRow>;

/**
 * A person as sync sends it: without the workspaces that see it. A person can be in workspaces of
 * different teams, and a row sent to one workspace's members must not name another's; a browser
 * takes a person's workspaces from the `ws:` scopes that hold the row, which are the ones it shares.
 */
export const personSyncRow = personRow.omit({ workspace_ids: true });
