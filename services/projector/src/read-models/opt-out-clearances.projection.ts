import { optOutClearanceIdOf } from "@hirestream/contracts/opt-outs/address.ts";
import { type OptOutClearanceRow, optOutClearanceRow } from "@hirestream/contracts/opt-outs/rows.ts";
import type { Projection } from "../projection.ts";

/**
 * A workspace's clearance of an opted-out address, synced to the workspace: its members' person
 * page shows the address as mailable again there, and nowhere else. A later opt-out outdates it
 * (the row's `cleared_at` comes before the person's `opted_out_at`).
 */
export const optOutClearancesProjection: Projection<OptOutClearanceRow> = {
  table: "opt_out_clearances",
  row: optOutClearanceRow,
  entity: "opt_out_clearance",
  keys(event) {
    switch (event.type) {
      case "AddressOptOutCleared":
        return [{ column: "id", value: optOutClearanceIdOf(event.data.address, event.data.workspaceId) }];
      case "WorkspaceRemoved":
        return [{ column: "workspace_id", value: event.data.workspaceId }];
      default:
        return [];
    }
  },
  apply(rows, event, { occurredAt }) {
    switch (event.type) {
      case "AddressOptOutCleared": {
        const { address, workspaceId, by, at } = event.data;
        const id = optOutClearanceIdOf(address, workspaceId);
        rows.put({
          id,
          workspace_id: workspaceId,
          address,
          cleared_at: at,
          cleared_by: by,
          created_at: rows.get(id)?.created_at ?? occurredAt,
          updated_at: occurredAt,
        });
        return;
      }
      case "WorkspaceRemoved":
        for (const row of rows.where("workspace_id", event.data.workspaceId)) rows.delete(row.id);
        return;
      default:
        return;
    }
  },
  scopes: (row) => [`ws:${row.workspace_id}`],
  toClient: (row) => row,
};
