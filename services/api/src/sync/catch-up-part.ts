import { changeTextOf, type Queryable } from "./change-feed.ts";
import type { OvertakenRows } from "./overtaken-rows.ts";
import type { PlannedRow, SnapshotRows } from "./snapshot-parts.ts";

/**
 * A row of a part as read: its plan, and its data as JSON text (snapshot-parts.ts, partFrame), or
 * null when it goes as the same row as sent before.
 */
export interface ReadRow {
  row: PlannedRow;
  text: string | null;
}

/**
 * One part of a catch-up's many rows, as planned (SnapshotRows.planPart), read by key (change-log
 * entries never change, so the read needs no snapshot). Rows planned as `same` are not read.
 */
export async function readPart(db: Queryable, planned: readonly PlannedRow[]): Promise<ReadRow[]> {
  const texts = await changeTextOf(
    db,
    planned.filter((row) => !row.same),
  );
  let next = 0;
  return planned.map((row) => {
    if (row.same) return { row, text: null };
    const text = texts[next++];
    if (text === undefined) throw new Error("a snapshot row's data is missing");
    return { row, text };
  });
}

/**
 * Whether a row planned as `same` lost that standing while the part was read or waited to go: a
 * live change reached it (OvertakenRows), so the client may no longer hold it as it was sent.
 */
export function staleSame(rows: readonly ReadRow[], sent: SnapshotRows): boolean {
  return rows.some((read) => read.text === null && !sent.sentInFull(read.row));
}

/** Reads in full the rows `staleSame` found; the others stay as read. */
export async function readStale(db: Queryable, rows: readonly ReadRow[], sent: SnapshotRows): Promise<ReadRow[]> {
  const stale = rows.filter((read) => read.text === null && !sent.sentInFull(read.row));
  const read = await readPart(
    db,
    stale.map((row) => ({ ...row.row, same: false })),
  );
  const again = new Map(stale.map((row, index) => [row, read[index]]));
  return rows.map((row) => again.get(row) ?? row);
}

/**
 * The part as it goes out, without the rows a live change has brought meanwhile, and naming in a
 * row's `also` (or, for a row going with another, `in`) only the scopes still `held` that no change
 * to it has reached (the client applied the change there: the row as of the snapshot would undo
 * it; and a scope dropped meanwhile gets no rows). Call it in the same turn as the send: a change sent in between would otherwise go
 * before an older row.
 */
export function partToSend(
  scope: string,
  rows: readonly ReadRow[],
  overtaken: OvertakenRows,
  held: ReadonlySet<string>,
): ReadRow[] {
  return rows.flatMap(({ row, text }): ReadRow[] => {
    // Another scope's row going with one of this scope's: it goes to the scopes it names still.
    if (row.in) {
      const still = row.in.filter((other) => held.has(other) && !overtaken.overtook(other, row));
      return still.length > 0 ? [{ row: { ...row, in: still }, text }] : [];
    }
    if (overtaken.overtook(scope, row)) return [];
    if (!row.also) return [{ row, text }];
    const { also, ...key } = row;
    const still = also.filter((other) => held.has(other) && !overtaken.overtook(other, row));
    return [{ row: still.length > 0 ? { ...key, also: still } : key, text }];
  });
}

/** The rows and texts of a part to send, as partFrame takes them. */
export function frameRows(rows: readonly ReadRow[]): { planned: PlannedRow[]; texts: string[] } {
  return {
    planned: rows.map((read) => read.row),
    texts: rows.flatMap((read) => (read.text === null ? [] : [read.text])),
  };
}
