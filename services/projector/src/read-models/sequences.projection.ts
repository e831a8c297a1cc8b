import { type SequenceRow, sequenceRow } from "@hirestream/contracts/sequences/rows.ts";
import { contentOf } from "@hirestream/contracts/sequences/sequence-content.ts";
import { workspaceScope } from "@hirestream/contracts/sync/scopes.ts";
import type { Projection } from "../projection.ts";

/** The sequences read model, synced to the members of the workspace. */
export const sequencesProjection: Projection<SequenceRow> = {
  table: "sequences",
  row: sequenceRow,
  entity: "sequence",
  keys(event) {
    switch (event.type) {
      case "SequenceCreated":
      case "SequenceEdited":
      case "SequenceRemoved":
        return [{ column: "id", value: event.data.sequenceId }];
      case "WorkspaceRemoved":
        return [{ column: "workspace_id", value: event.data.workspaceId }];
      default:
        return [];
    }
  },
  apply(rows, event, { occurredAt }) {
    switch (event.type) {
      case "SequenceCreated":
        rows.put({
          ...contentOf(event.data),
          user_id: event.data.userId,
          created_at: occurredAt,
          updated_at: occurredAt,
        });
        return;
      case "SequenceEdited": {
        const sequence = rows.get(event.data.sequenceId);
        if (sequence) rows.put({ ...sequence, ...contentOf(event.data), updated_at: occurredAt });
        return;
      }
      case "SequenceRemoved":
        rows.delete(event.data.sequenceId);
        return;
      case "WorkspaceRemoved":
        for (const sequence of rows.where("workspace_id", event.data.workspaceId)) rows.delete(sequence.id);
        return;
      default:
        return;
    }
  },
  scopes: (sequence) => [workspaceScope(sequence.workspace_id)],
  toClient: (sequence) => sequence,
};
