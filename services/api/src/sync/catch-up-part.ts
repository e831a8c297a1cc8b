import type { SnapshotRow } from "@hirestream/contracts/sync/messages.ts";
import { changeDataOf, type Queryable, type SnapshotKey } from "./change-feed.ts";
import type { OvertakenRows } from "./overtaken-rows.ts";
import type { SnapshotRows } from "./snapshot-parts.ts";

/** A row of a part as read: with its data, or null when it goes as the same row as sent before. */
export interface ReadRow {
  key: SnapshotKey;
  data: Record<string, unknown> | null;
}

/**
 * One part of a catch-up's many rows, read by key (change-log entries never change, so the read
 * needs no snapshot). Rows an earlier snapshot of the catch-up sent in full go as `same`, unread.
 */
export async function readPart(db: Queryable, keys: readonly SnapshotKey[], sent: SnapshotRows): Promise<ReadRow[]> {
  const planned = sent.plan(keys);
  const data = await changeDataOf(
    db,
    planned.filter((row) => !row.same),
  );
  let next = 0;
  return planned.map(({ same: _same, ...key }) => {
    if (_same) return { key, data: null };
    const row = data[next++];
    if (!row) throw new Error("a snapshot row's data is missing");
    return { key, data: row };
  });
}

/**
 * Whether a row planned as `same` lost that standing while the part was read: a live change
 * reached it (OvertakenRows), so the client may no longer hold it as it was sent.
 */
export function staleSame(rows: readonly ReadRow[], sent: SnapshotRows): boolean {
  return rows.some((row) => row.data === null && !sent.holds(row.key));
}

/** Reads in full the rows `staleSame` found; the others stay as read. */
export async function readStale(db: Queryable, rows: readonly ReadRow[], sent: SnapshotRows): Promise<ReadRow[]> {
  const stale = rows.filter((row) => row.data === null && !sent.holds(row.key));
  const read = await readPart(
    db,
    stale.map((row) => row.key),
    sent,
  );
  const again = new Map(stale.map((row, index) => [row, read[index]]));
  return rows.map((row) => again.get(row) ?? row);
}

/**
 * The part as it goes out, without the rows a live change has brought meanwhile. Call it in the
 * same turn as the send: a change sent in between would otherwise go before an older row.
 */
export function partToSend(scope: string, rows: readonly ReadRow[], overtaken: OvertakenRows): SnapshotRow[] {
  return rows.flatMap(({ key, data }): SnapshotRow[] => {
    if (overtaken.overtook(scope, key)) return [];
    return [data === null ? { entity: key.entity, id: key.id, same: true } : { entity: key.entity, id: key.id, data }];
  });
}
