import { type ServerMessage, SNAPSHOT_PART_ROWS, type SnapshotRow } from "@hirestream/contracts/sync/messages.ts";
import type { SnapshotSource } from "./change-feed.ts";

type SnapshotMessage = Extract<ServerMessage, { type: "snapshot" }>;

/**
 * The rows of one catch-up's snapshots as they go out: a row an earlier snapshot of the same
 * catch-up sent in full, as of the same change, goes as `same` (the owner's people are in their
 * pool's scope and in each of their workspaces').
 */
export class SnapshotRows {
  readonly #sent = new Map<string, number>();

  rowsOf(sources: readonly SnapshotSource[]): SnapshotRow[] {
    return sources.map(({ entity, id, position, data }) => {
      const key = `${entity}:${id}`;
      if (this.#sent.get(key) === position) return { entity, id, same: true };
      this.#sent.set(key, position);
      return { entity, id, data };
    });
  }
}

/** A scope's snapshot as the messages that carry it: at least one, the last one marked. */
export function snapshotParts(
  scope: string,
  position: number,
  rows: SnapshotMessage["rows"],
  size: number = SNAPSHOT_PART_ROWS,
): SnapshotMessage[] {
  const count = Math.max(1, Math.ceil(rows.length / size));
  return Array.from({ length: count }, (_, part) => ({
    type: "snapshot",
    scope,
    position,
    part,
    last: part === count - 1,
    rows: rows.slice(part * size, (part + 1) * size),
  }));
}
