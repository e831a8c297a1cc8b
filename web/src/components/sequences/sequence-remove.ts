// Remove Sequence as an outbox command: the row goes at once, and comes back if the server refuses.
import type { SequenceRow } from "@hirestream/contracts/sequences/rows.ts";
import type { Command } from "../../replica/outbox.ts";

export const SEQUENCE_DELETED = "Sequence deleted";

export function removeSequence(sequence: Pick<SequenceRow, "id" | "workspace_id">): Command {
  return {
    method: "DELETE",
    path: `/workspaces/${sequence.workspace_id}/sequences/${sequence.id}`,
    optimistic: [{ table: "sequences", id: sequence.id, next: null }],
  };
}
