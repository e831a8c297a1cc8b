// What a replica holds after applying a socket's messages in order, as the browser's replica does
// (web/src/replica/apply-sync.ts): one row per entity and id, held by the scopes that sent it.
import type { ServerMessage } from "@hirestream/contracts/sync/messages.ts";

export interface Folded {
  /** The data of each row, by `entity:id`. */
  rows: Map<string, Record<string, unknown>>;
  /** The rows each scope holds, by `entity:id`. */
  scopes: Map<string, Set<string>>;
}

export function emptyFold(): Folded {
  return { rows: new Map(), scopes: new Map() };
}

export function fold(messages: readonly ServerMessage[], into: Folded = emptyFold()): Folded {
  const { rows, scopes } = into;
  const held = (scope: string) => {
    let set = scopes.get(scope);
    if (!set) {
      set = new Set();
      scopes.set(scope, set);
    }
    return set;
  };
  for (const message of messages) {
    if (message.type === "snapshot") {
      if (message.part === 0) scopes.set(message.scope, new Set());
      for (const row of message.rows) {
        const key = `${row.entity}:${row.id}`;
        if ("data" in row) {
          rows.set(key, row.data);
          // Held by the other scopes it names too, whose snapshots leave it out; a row going with
          // another of the part's (`in`) by those alone.
          for (const other of row.in ?? row.also ?? []) held(other).add(key);
          if (row.in) continue;
        } else if (!rows.has(key)) throw new Error(`${key} sent as the same row, but never sent in full`);
        held(message.scope).add(key);
      }
    } else if (message.type === "changes") {
      for (const row of message.rows) {
        const key = `${row.entity}:${row.id}`;
        if (row.op === "put" && row.data) {
          rows.set(key, row.data);
          held(row.scope).add(key);
        } else held(row.scope).delete(key);
      }
    } else if (message.type === "drop-scope") scopes.delete(message.scope);
  }
  return into;
}

/** Each scope's rows with their data, sorted: two folds holding the same compare equal. */
export function heldRows(folded: Folded): Record<string, [string, Record<string, unknown> | undefined][]> {
  return Object.fromEntries(
    [...folded.scopes]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([scope, keys]) => [
        scope,
        [...keys].sort().map((key) => [key, folded.rows.get(key)] as [string, Record<string, unknown> | undefined]),
      ]),
  );
}
