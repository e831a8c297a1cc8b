import { SNAPSHOT_PART_ROWS } from "@hirestream/contracts/sync/messages.ts";
import type { SnapshotKey } from "./change-feed.ts";
import { type PlannedRow, partFrame, type SnapshotRows } from "./snapshot-parts.ts";
import type { FewRow } from "./snapshot-phases.ts";

/** Where a catch-up's few rows come from. */
export interface FewReads {
  /**
   * A scope's few rows as of the catch-up, in the order they go, the first `withData` of them with
   * their data (snapshot-phases.ts, fewRowsOf).
   */
  rowsOf(scope: string, withData: number): Promise<FewRow[]>;
  /** The data of change-log entries as JSON text, in their order (change-feed.ts, changeTextOf). */
  textsOf(entries: readonly SnapshotKey[]): Promise<string[]>;
}

/** One part of a scope's few rows as it goes: its frame, and whether more of the scope's few follow. */
export interface FewFrame {
  scope: string;
  part: number;
  more: boolean;
  frame: string;
}

interface PlannedFewPart {
  scope: string;
  part: number;
  more: boolean;
  rows: PlannedRow[];
  /** The data of the part's rows read with their keys, null for the others. */
  readWith: (string | null)[];
}

/**
 * Every scope's few rows, in parts of at most `size` rows, each but a scope's last marked `more`.
 * A scope's keys are read with its first part's data (quick: the rest are sorted without theirs),
 * then each further part's data by its keys, the next part while this one is framed and sent: the
 * client has the first part while the rest of a big scope are still being read, rather than once
 * all of them are. A row an earlier scope sent in full as of the same change goes as `same`
 * (SnapshotRows.plan). An empty scope still sends one part.
 */
export async function* fewFrames(
  scopes: readonly string[],
  position: number,
  reads: FewReads,
  snapshotRows: SnapshotRows,
  size: number = SNAPSHOT_PART_ROWS,
): AsyncGenerator<FewFrame> {
  const planned = plannedParts(scopes, reads, snapshotRows, size);
  const read = async () => {
    const step = await planned.next();
    if (step.done) return null;
    const { rows, readWith } = step.value;
    const unread = rows.filter((row, index) => !row.same && readWith[index] === null);
    const byKey = unread.length > 0 ? await reads.textsOf(unread) : [];
    let next = 0;
    // A row whose data is missing leaves the texts short: partFrame refuses them.
    const texts = rows.flatMap((row, index) => {
      if (row.same) return [];
      const text = readWith[index] ?? byKey[next++];
      return text === undefined ? [] : [text];
    });
    return { ...step.value, texts };
  };
  let next = read();
  for (;;) {
    const got = await next;
    if (!got) return;
    next = read();
    // Awaited on the next turn; a read ahead when the caller stops early must not go unhandled.
    next.catch(() => undefined);
    const { scope, part, more, rows, texts } = got;
    yield { scope, part, more, frame: partFrame({ scope, position, part, last: false }, rows, texts, more) };
  }
}

async function* plannedParts(
  scopes: readonly string[],
  reads: FewReads,
  snapshotRows: SnapshotRows,
  size: number,
): AsyncGenerator<PlannedFewPart> {
  for (const scope of scopes) {
    const few = await reads.rowsOf(scope, size);
    const rows = snapshotRows.plan(few);
    const count = Math.max(1, Math.ceil(rows.length / size));
    for (let part = 0; part < count; part++) {
      const from = part * size;
      const to = from + size;
      const readWith = few.slice(from, to).map((row) => row.text);
      yield { scope, part, more: part < count - 1, rows: rows.slice(from, to), readWith };
    }
  }
}
