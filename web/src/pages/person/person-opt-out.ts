import { normalAddress, optOutClearanceIdOf } from "@hirestream/contracts/opt-outs/address.ts";
import { clearedAfter, type OptOutClearanceRow } from "@hirestream/contracts/opt-outs/rows.ts";
import type { PersonRow } from "@hirestream/contracts/people/rows.ts";
import type { Command } from "../../replica/outbox.ts";
import type { ReplicaDb } from "../../replica/replica-db.ts";

/** The person's opt-out as one workspace sees it: opted out there unless its members cleared it since. */
export interface OptOutMark {
  address: string;
  at: string;
  source: NonNullable<PersonRow["opt_out_source"]>;
}

export async function optOutMarkIn(
  db: ReplicaDb,
  person: Pick<PersonRow, "opted_out_at" | "opt_out_source" | "opted_out_address">,
  workspaceId: string,
): Promise<OptOutMark | null> {
  const { opted_out_at: at, opt_out_source: source, opted_out_address: address } = person;
  if (!at || !source || !address) return null;
  const clearance = await db.opt_out_clearances.get(optOutClearanceIdOf(address, workspaceId));
  return clearedAfter(at, clearance) ? null : { address, at, source };
}

/** The words the mark shows for how the candidate asked. */
export const optOutSourceWords = {
  one_click: "with their mail program's unsubscribe button",
  link: "with the link in a message",
  reply: "in a reply",
} as const satisfies Record<OptOutMark["source"], string>;

/** DELETE …/people/{id}/opt_out, with the workspace's clearance shown at once. */
export function clearOptOut(
  mark: OptOutMark,
  ids: { workspaceId: string; personId: string; userId: string },
  now: Date,
): Command {
  const address = normalAddress(mark.address);
  const row: OptOutClearanceRow = {
    id: optOutClearanceIdOf(address, ids.workspaceId),
    workspace_id: ids.workspaceId,
    address,
    cleared_at: now.toISOString(),
    cleared_by: ids.userId,
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
  };
  return {
    method: "DELETE",
    path: `/workspaces/${ids.workspaceId}/people/${ids.personId}/opt_out`,
    optimistic: [{ table: "opt_out_clearances", id: row.id, next: row }],
  };
}
