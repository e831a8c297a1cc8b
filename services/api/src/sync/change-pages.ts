import type { SyncRow } from "@hirestream/contracts/sync/messages.ts";
import { changesOf, type Queryable } from "./change-feed.ts";

const PAGE = 500;
/** A cursor names the last position applied in full: start after all its rows. */
const AFTER_EVERY_SEQ = 2_147_483_647;

/** A page of changes as it goes out, and the cursor the client holds once it has applied them. */
export interface ChangePage {
  rows: (SyncRow & { seq: number })[];
  cursor: number;
}

/**
 * The changes of `scopes` after the cursor `from`, up to `upTo`, in position order, a page at a
 * time; pages without rows are not yielded. Paging keeps one socket's burst of changes from
 * holding megabytes in memory at once.
 */
export async function* changePages(
  db: Queryable,
  scopes: readonly string[],
  from: number,
  upTo: number,
): AsyncGenerator<ChangePage> {
  if (scopes.length === 0) return;
  let after = { position: from, seq: AFTER_EVERY_SEQ };
  for (;;) {
    const rows = await changesOf(db, [...scopes], after, upTo, PAGE);
    if (rows.length > 0) yield { rows, cursor: lastPosition(rows, upTo) };
    const last = rows.at(-1);
    if (!last || rows.length < PAGE) return;
    after = { position: last.position, seq: last.seq };
  }
}

/** The rows as the `changes` message carries them. */
export function withoutSeq(rows: readonly (SyncRow & { seq: number })[]): SyncRow[] {
  return rows.map(({ seq: _seq, ...row }) => row);
}

/**
 * A page that reaches the end carries the cursor to `upTo`. A full page may have cut a position's
 * rows in two, so its cursor stays just before that position: resuming there repeats a few rows
 * (puts and deletes are idempotent) rather than skipping any.
 */
function lastPosition(rows: { position: number }[], upTo: number): number {
  const last = rows.at(-1);
  return rows.length < PAGE || !last ? upTo : last.position - 1;
}
