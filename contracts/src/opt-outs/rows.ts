import { z } from "zod";
import { timestamp } from "../timestamp.ts";

/**
 * A workspace's clearance of an opted-out address, synced to `ws:{workspace_id}`: the person page
 * shows the address as opted out in that workspace unless a clearance came after the opt-out.
 */
export const optOutClearanceRow = z.object({
  id: z.uuid(),
  workspace_id: z.uuid(),
  /** Lower case. */
  address: z.string(),
  cleared_at: timestamp,
  cleared_by: z.uuid(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type OptOutClearanceRow = z.infer<typeof optOutClearanceRow>;

/** Whether an address that opted out at `optedOutAt` may be mailed by the workspace a clearance row belongs to. */
export function clearedAfter(optedOutAt: string | null, clearance: { cleared_at: string } | undefined): boolean {
  if (optedOutAt === null) return true;
  return clearance !== undefined && Date.parse(clearance.cleared_at) >= Date.parse(optedOutAt);
}
