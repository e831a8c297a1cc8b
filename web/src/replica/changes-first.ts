import type { ChangesMessage, ParsedServerMessage, SnapshotMessage } from "./server-message.ts";

type SnapshotRow = SnapshotMessage["rows"][number];

/**
 * A pile of received messages in the order to apply them: changes ahead of the snapshot parts
 * that arrived before them and wait to be written. During a catch-up, changes committed after the
 * snapshots' position come between their parts (sync protocol 7); while the replica writes a part,
 * more parts and a change may pile up, and the change (another user's move, say) then shows after
 * one transaction instead of after every part in the pile. A part written after a change must not
 * bring back a row as it was: a row of the part that a change moved ahead of it brought, at a
 * later position than the part's, is left out of it (the newer row wins by position), and so is
 * each other scope the row names (`also`, sync protocol 8, or `in`, 9) that the change brought it in. Only parts
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
      const moved = parts.map((part) => withoutOvertaken(part, message));
      if (moved.every((part) => part !== null)) parts = moved;
      // A part's row the change would split between scopes: the change keeps its place after it.
      else settle();
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

/**
 * The part without the rows the change brought, in its scope or in the other scopes a row names
 * (`also`, which then names them no more); null when the change brought a row in the part's scope
 * but not in every other it names, which the part could then neither carry nor leave out.
 */
function withoutOvertaken(part: SnapshotMessage, changes: ChangesMessage): SnapshotMessage | null {
  const newer = new Set(
    changes.rows.filter((row) => row.position > part.position).map((row) => keyOf(row.scope, row.entity, row.id)),
  );
  if (newer.size === 0) return part;
  let changed = false;
  const rows: SnapshotRow[] = [];
  for (const row of part.rows) {
    const overtook = (scope: string) => newer.has(keyOf(scope, row.entity, row.id));
    // A row of other scopes only (`in`, sync protocol 9): each of them the change brought it in leaves it.
    if ("data" in row && row.in) {
      const still = row.in.filter((scope) => !overtook(scope));
      if (still.length === row.in.length) rows.push(row);
      else {
        changed = true;
        if (still.length > 0) rows.push({ ...row, in: still });
      }
      continue;
    }
    const also = "data" in row ? (row.also ?? []) : [];
    const still = also.filter((scope) => !overtook(scope));
    if (overtook(part.scope)) {
      if (still.length > 0) return null;
      changed = true;
    } else if (still.length === also.length) rows.push(row);
    else if ("data" in row) {
      changed = true;
      const { also: _also, ...full } = row;
      rows.push(still.length > 0 ? { ...full, also: still } : full);
    }
  }
  return changed ? { ...part, rows } : part;
}
