import type { ChangesMessage, ParsedServerMessage, SnapshotMessage } from "./server-message.ts";

/**
 * A pile of received messages in the order to apply them: changes ahead of the snapshot parts
 * that arrived before them and wait to be written. During a catch-up, changes committed after the
 * snapshots' position come between their parts (sync protocol 7); while the replica writes a part,
 * more parts and a change may pile up, and the change (another user's move, say) then shows after
 * one transaction instead of after every part in the pile. A part written after a change must not
 * bring back a row as it was: a row of the part that a change moved ahead of it brought, at a
 * later position than the part's, is left out of it (the newer row wins by position). Only parts
 * after the first of their scope move back: a part 0, `syncing`, `drop-scope`, `ready` and the
 * rest keep their place, and nothing moves across them.
 */
export function changesFirst(messages: readonly ParsedServerMessage[]): ParsedServerMessage[] {
  const result: ParsedServerMessage[] = [];
  let changes: ChangesMessage[] = [];
  let parts: SnapshotMessage[] = [];
  const settle = () => {
    result.push(...changes, ...parts);
    changes = [];
    parts = [];
  };
  for (const message of messages) {
    if (message.type === "snapshot" && message.part > 0) parts.push(message);
    else if (message.type === "changes") {
      if (parts.length > 0) parts = parts.map((part) => withoutOvertaken(part, message));
      changes.push(message);
    } else {
      settle();
      result.push(message);
    }
  }
  settle();
  return result;
}

const keyOf = (scope: string, entity: string, id: string) => `${scope}\u0000${entity}\u0000${id}`;

function withoutOvertaken(part: SnapshotMessage, changes: ChangesMessage): SnapshotMessage {
  const newer = new Set(
    changes.rows.filter((row) => row.position > part.position).map((row) => keyOf(row.scope, row.entity, row.id)),
  );
  if (newer.size === 0) return part;
  const rows = part.rows.filter((row) => !newer.has(keyOf(part.scope, row.entity, row.id)));
  return rows.length === part.rows.length ? part : { ...part, rows };
}
