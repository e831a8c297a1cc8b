import { changesFirst } from "./changes-first.ts";
import { coalesceMessages, type ParsedServerMessage, type SnapshotMessage } from "./server-message.ts";

/** Rows of a snapshot part written in one transaction while live changes are arriving. */
export const LIVE_SLICE_ROWS = 200;

/** What the drain takes its messages from and gives them to (sync-client.ts). */
export interface PileSource {
  /** Every message received and not yet taken. */
  take(): ParsedServerMessage[];
  /** Changes from other users arrived lately: parts are then written a slice at a time. */
  live(): boolean;
  apply(message: ParsedServerMessage): Promise<void>;
}

/**
 * Applies what was received, and what arrives meanwhile, in order, changes ahead of the snapshot
 * parts waiting before them (changes-first.ts); answers how many snapshot messages it took. A
 * part of a thousand rows is a transaction of a fifth of a second or more on a busy machine, and a
 * move made by another user while a first sync still runs would wait for it, and for the part
 * joined to it: while changes are arriving, a part goes in slices of LIVE_SLICE_ROWS rows, each
 * its own transaction, and the changes received meanwhile are applied between two slices. With no
 * change lately, parts go whole: fewer transactions, and fewer re-reads of the screens' queries.
 */
export async function drainPile(source: PileSource): Promise<number> {
  let parts = 0;
  const taken = (messages: ParsedServerMessage[]) => {
    parts += messages.filter((message) => message.type === "snapshot").length;
    return messages;
  };
  let pending = coalesceMessages(changesFirst(taken(source.take())));
  for (let message = pending.shift(); message; message = pending.shift()) {
    if (message.type === "snapshot" && message.rows.length > LIVE_SLICE_ROWS && source.live()) {
      const [slice, rest] = sliced(message);
      await source.apply(slice);
      pending.unshift(rest);
    } else await source.apply(message);
    const more = taken(source.take());
    if (more.length > 0) pending = coalesceMessages(changesFirst([...pending, ...more]));
  }
  return parts;
}

/**
 * A part's first slice, and the rest as a later part of the same scope: the first one replaces the
 * scope's rows if the part did (part 0), and the rest carries its `last`.
 */
function sliced(part: SnapshotMessage): [SnapshotMessage, SnapshotMessage] {
  return [
    { ...part, last: false, rows: part.rows.slice(0, LIVE_SLICE_ROWS) },
    { ...part, part: Math.max(part.part, 1), rows: part.rows.slice(LIVE_SLICE_ROWS) },
  ];
}
