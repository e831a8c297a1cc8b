import { SNAPSHOT_PART_ROWS } from "@hirestream/contracts/sync/messages.ts";
import { changesFirst } from "./changes-first.ts";
import { coalesceMessages, type ParsedServerMessage, type SnapshotMessage, type SyncStep } from "./server-message.ts";

type SnapshotsStep = Extract<SyncStep, { type: "snapshots" }>;

/** Rows of a snapshot part written in one transaction while live changes are arriving. */
export const LIVE_SLICE_ROWS = 200;

/** What the drain takes its messages from and gives them to (sync-client.ts). */
export interface PileSource {
  /** Every message received and not yet taken. */
  take(): ParsedServerMessage[];
  /** Changes from other users arrived lately: parts are then written a slice at a time. */
  live(): boolean;
  apply(step: SyncStep): Promise<void>;
  /** So many snapshot parts are in, every row of theirs written: the server may send as many more. */
  answer(parts: number): void;
  /** Resolves when snapshot parts may be written: a screen's own query may go first (screen-queries.ts). */
  makeWay?(): Promise<void>;
  /** Applies small steps that came together in one transaction, in order; without it, one each. */
  applyTogether?(steps: readonly SyncStep[]): Promise<void>;
}

/**
 * Steps that came together go in one transaction while their rows stay under this: a fresh
 * replica's first screen waited on four commits in a row (the `syncing`, every scope's few rows,
 * the changes meanwhile, the screen's first rows), each of them behind the page's busy thread.
 */
export const TOGETHER_ROWS = SNAPSHOT_PART_ROWS;

/** The kinds of step that only write rows and the catch-up's progress, and so may share a transaction. */
const joinable = (step: SyncStep) => step.type === "syncing" || step.type === "snapshots" || step.type === "changes";

const stepRows = (step: SyncStep) =>
  step.type === "snapshots" ? rowsOf(step) : step.type === "changes" ? step.rows.length : 0;

/**
 * Applies what was received, and what arrives meanwhile, in order, changes ahead of the snapshot
 * parts waiting before them (changes-first.ts), parts that piled up joined into one step
 * (coalesceMessages); each part is answered once its last row is in, step by step, so that the
 * server reads and sends the next parts while the rest of the pile is written. A part of a thousand rows is a
 * transaction of a fifth of a second or more on a busy machine, and a move made by another user
 * while a first sync still runs would wait for it, and for the parts joined to it: while changes
 * are arriving, a step of parts goes in slices of LIVE_SLICE_ROWS rows, each its own transaction,
 * and the changes received meanwhile are applied between two slices. With no change lately, parts
 * go whole and joined: fewer transactions, and fewer re-reads of the screens' queries.
 */
export async function drainPile(source: PileSource): Promise<void> {
  /** Parts cut short by a slice: answered with their last slice, not their first. */
  const cutShort = new WeakSet<SnapshotMessage>();
  let pending = coalesceMessages(changesFirst(source.take()));
  for (let step = pending.shift(); step; step = pending.shift()) {
    if (step.type === "snapshots" && source.makeWay) {
      await source.makeWay();
      // Changes that came while the parts waited go before them, as they would have.
      const arrived = source.take();
      if (arrived.length > 0) {
        pending = coalesceMessages(changesFirst([...messagesOf([step, ...pending]), ...arrived]));
        continue;
      }
    }
    const together = source.applyTogether ? takeTogether(step, pending, source.live()) : [step];
    if (together.length > 1 && source.applyTogether) {
      await source.applyTogether(together);
      source.answer(together.reduce((parts, applied) => parts + partsIn(applied, cutShort), 0));
    } else if (step.type === "snapshots" && rowsOf(step) > LIVE_SLICE_ROWS && source.live()) {
      const [slice, rest] = sliced(step, cutShort);
      await source.apply(slice);
      source.answer(partsIn(slice, cutShort));
      pending.unshift(rest);
    } else {
      await source.apply(step);
      source.answer(partsIn(step, cutShort));
    }
    const more = source.take();
    if (more.length > 0) pending = coalesceMessages(changesFirst([...messagesOf(pending), ...more]));
  }
}

/**
 * `step` and the joinable steps after it (taken out of `pending`) while their rows stay within a
 * transaction's share: TOGETHER_ROWS, or a live slice while changes are arriving. Steps of no rows
 * (a `syncing`) take none of it: with no change lately, the next step joins them whatever its
 * size, rather than wait for the commit of a transaction of their own.
 */
function takeTogether(step: SyncStep, pending: SyncStep[], live: boolean): SyncStep[] {
  const room = live ? LIVE_SLICE_ROWS : TOGETHER_ROWS;
  const together = [step];
  if (!joinable(step)) return together;
  let rows = stepRows(step);
  const fits = (next: SyncStep) => rows + stepRows(next) <= room || (rows === 0 && !live);
  for (let next = pending[0]; next && joinable(next) && fits(next); next = pending[0]) {
    rows += stepRows(next);
    together.push(next);
    pending.shift();
  }
  return together;
}

/** The snapshot parts whose last rows `step` wrote. */
const partsIn = (step: SyncStep, cutShort: WeakSet<SnapshotMessage>) =>
  step.type === "snapshots" ? step.parts.filter((part) => !cutShort.has(part)).length : 0;

const rowsOf = (step: SnapshotsStep) => step.parts.reduce((rows, part) => rows + part.rows.length, 0);

/** Steps as the messages they were made of, to be ordered and joined again with those arriving. */
function messagesOf(steps: readonly SyncStep[]): ParsedServerMessage[] {
  return steps.flatMap((step) => (step.type === "snapshots" ? step.parts : [step]));
}

/** A step's first LIVE_SLICE_ROWS rows, and the rest: a part cut in two goes on in both. */
function sliced(step: SnapshotsStep, cutShort: WeakSet<SnapshotMessage>): [SnapshotsStep, SnapshotsStep] {
  const first: SnapshotMessage[] = [];
  const rest: SnapshotMessage[] = [];
  let room = LIVE_SLICE_ROWS;
  for (const part of step.parts) {
    if (room <= 0) rest.push(part);
    else if (part.rows.length <= room) first.push(part);
    else {
      const [head, tail] = cut(part, room);
      cutShort.add(head);
      first.push(head);
      rest.push(tail);
    }
    room -= part.rows.length;
  }
  return [
    { type: "snapshots", parts: first },
    { type: "snapshots", parts: rest },
  ];
}

/**
 * A part's first `rows`, and the rest as a later part of the same scope: the first one replaces the
 * scope's rows if the part did (part 0), the rest carries its `last`, and the scope's few rows are
 * not in (`more`) before the rest is.
 */
function cut(part: SnapshotMessage, rows: number): [SnapshotMessage, SnapshotMessage] {
  return [
    { ...part, last: false, more: true, rows: part.rows.slice(0, rows) },
    { ...part, part: Math.max(part.part, 1), rows: part.rows.slice(rows) },
  ];
}
