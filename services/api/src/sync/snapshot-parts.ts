import { type ServerMessage, SNAPSHOT_PART_ROWS, type SnapshotRow } from "@hirestream/contracts/sync/messages.ts";
import type { SnapshotKey, SnapshotSource } from "./change-feed.ts";

type SnapshotMessage = Extract<ServerMessage, { type: "snapshot" }>;

/** A snapshot row to send: in full (its data still to be read), or as `same`. */
export type PlannedRow = SnapshotKey & { same: boolean };

/**
 * The rows of one catch-up's snapshots as they go out: a row an earlier snapshot of the same
 * catch-up sent in full, as of the same change, goes as `same` (the owner's people are in their
 * pool's scope and in each of their workspaces'), and its data is not read again.
 */
export class SnapshotRows {
  readonly #sent = new Map<string, number>();

  plan(keys: readonly SnapshotKey[]): PlannedRow[] {
    return keys.map((key) => {
      const sentAs = `${key.entity}:${key.id}`;
      if (this.#sent.get(sentAs) === key.position) return { ...key, same: true };
      this.#sent.set(sentAs, key.position);
      return { ...key, same: false };
    });
  }

  /** Whether the row was sent in full as of this change, and may go as `same`. */
  holds(key: SnapshotKey): boolean {
    return this.#sent.get(`${key.entity}:${key.id}`) === key.position;
  }

  /**
   * A live change reached the row: a later scope's snapshot sends it in full. The client may no
   * longer hold the row as it was sent (a change took it out of the only scope holding it there).
   */
  forget(entity: string, id: string): void {
    this.#sent.delete(`${entity}:${id}`);
  }

  /** Rows already read with their data (a catch-up's phases, snapshot-phases.ts), as they go out. */
  rowsOf(sources: readonly SnapshotSource[]): SnapshotRow[] {
    return sources.map(({ entity, id, position, data }) => {
      const sentAs = `${entity}:${id}`;
      if (this.#sent.get(sentAs) === position) return { entity, id, same: true };
      this.#sent.set(sentAs, position);
      return { entity, id, data };
    });
  }
}

/**
 * A scope's snapshot as the messages that carry it: at least one, the last one marked. Each part's
 * data is read (`dataOf`) as the part before it goes, so the first part leaves while the rest are
 * read, and the database reads the next part while this one is serialised and sent.
 */
export async function* snapshotParts(
  scope: string,
  position: number,
  planned: readonly PlannedRow[],
  dataOf: (rows: readonly PlannedRow[]) => Promise<Record<string, unknown>[]>,
  size: number = SNAPSHOT_PART_ROWS,
): AsyncGenerator<SnapshotMessage> {
  const count = Math.max(1, Math.ceil(planned.length / size));
  const fullRowsOf = (part: number) => planned.slice(part * size, (part + 1) * size).filter((row) => !row.same);
  const read = (part: number) => {
    const reading = dataOf(fullRowsOf(part));
    // Awaited below; a read left behind when the sending stops early must not go unhandled.
    reading.catch(() => undefined);
    return reading;
  };
  let next = read(0);
  for (let part = 0; part < count; part++) {
    const slice = planned.slice(part * size, (part + 1) * size);
    const data = await next;
    if (part + 1 < count) next = read(part + 1);
    const rows = partRows(slice, data);
    yield { type: "snapshot", scope, position, part, last: part === count - 1, rows };
  }
}

/** A part's rows: those sent in full with `data` (read for them, in order), the rest as `same`. */
export function partRows(planned: readonly PlannedRow[], data: readonly Record<string, unknown>[]): SnapshotRow[] {
  let next = 0;
  return planned.map((row): SnapshotRow => {
    if (row.same) return { entity: row.entity, id: row.id, same: true };
    const rowData = data[next++];
    if (!rowData) throw new Error("a snapshot row's data is missing");
    return { entity: row.entity, id: row.id, data: rowData };
  });
}
