import { type ServerMessage, SNAPSHOT_PART_ROWS } from "@hirestream/contracts/sync/messages.ts";

type SnapshotMessage = Extract<ServerMessage, { type: "snapshot" }>;

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
