import { FIRST_PART_ROWS } from "@hirestream/contracts/sync/messages.ts";
import { frameRows, partToSend, type ReadRow, readPart, readStale, staleSame } from "./catch-up-part.ts";
import type { Queryable, SnapshotKey } from "./change-feed.ts";
import { companionsOf, partRowsOf } from "./companions.ts";
import type { OvertakenRows } from "./overtaken-rows.ts";
import { leadFirst, type SnapshotLeads } from "./snapshot-lead.ts";
import type { SnapshotOrder } from "./snapshot-order.ts";
import { type PlannedPart, partFrame, type SnapshotRows } from "./snapshot-parts.ts";

/** What one catch-up's many rows are made from, as of its position. */
export interface ManyRows {
  order: SnapshotOrder;
  /** A scope's many keys, read once in the catch-up's snapshot. */
  keysOf(scope: string): Promise<SnapshotKey[]>;
  leads: SnapshotLeads;
  position: number;
  snapshotRows: SnapshotRows;
  overtaken: OvertakenRows;
  /** The number of each scope's first part of many: its few rows took the parts before. */
  manyFrom: ReadonlyMap<string, number>;
}

/** Where the parts go: the connection, which paces them and knows which scopes the user still holds. */
export interface ManyPartsPorts {
  /** Reads parts by key, outside the catch-up's transaction. */
  db: Queryable;
  /**
   * Resolves once one more part may go (the client answered enough of them), or the connection
   * closed. `lead`: the part is a focused scope's first, which its screen waits on.
   */
  room(lead: boolean): Promise<void>;
  closed(): boolean;
  /** The scopes the connection holds as the part goes: a scope dropped meanwhile gets no more rows. */
  held(): ReadonlySet<string>;
  send(frame: string): void;
  /** Resolves once a part may be read: the user's screen queries come first (screen-queries.ts). */
  makeWay(): Promise<void>;
}

/** A snapshot part planned and read, to send once there is room. */
interface PreparedPart {
  scope: string;
  part: number;
  planned: PlannedPart;
  /** The scope's lead keys, when this is its first part (snapshot-lead.ts, firstKeys). */
  first: SnapshotKey[];
  /** The first part of a scope the screen focuses on: the rows its screen shows first. */
  lead: boolean;
  rows: ReadRow[];
}

/**
 * The many rows, a part at a time, as long as the connection makes room: what is not sent yet
 * follows the focus, however it changes. A scope's first part is small and holds the rows its
 * screen shows first (snapshot-lead.ts), so a screen's first page lands before a megabyte has.
 * Each part is planned and read while the one before it waits for room, so the client never waits
 * on the database; a new focus that overtakes a part read ahead has it planned anew. A row a live
 * change has brought is left out as the part goes, not as it is read.
 */
export async function sendManyParts(many: ManyRows, ports: ManyPartsPorts): Promise<void> {
  const { order, snapshotRows, overtaken, position } = many;
  const sent = new Map<string, { offset: number; part: number }>();
  /** Each scope's first part when its lead's keys were read by themselves (`firstKeys`). */
  const firsts = new Map<string, SnapshotKey[]>();
  const inOrder = new Map<string, Promise<SnapshotKey[]>>();
  const keysInOrder = (scope: string): Promise<SnapshotKey[]> => {
    let keys = inOrder.get(scope);
    if (!keys) {
      const first = (firsts.get(scope) ?? []).map((key) => `${key.entity}:${key.id}`);
      keys = Promise.all([many.keysOf(scope), many.leads.of(scope)]).then(([all, lead]) =>
        leadFirst(all, [...first, ...lead]),
      );
      inOrder.set(scope, keys);
    }
    return keys;
  };
  const prepare = async (): Promise<PreparedPart | null> => {
    await ports.makeWay();
    for (let scope = order.next(); scope !== undefined; scope = order.next()) {
      // A scope lost meanwhile (the live lane dropped it) gets no more of its rows.
      if (!ports.held().has(scope)) {
        order.finish(scope);
        continue;
      }
      const { offset, part } = sent.get(scope) ?? { offset: 0, part: many.manyFrom.get(scope) ?? 1 };
      const first = offset === 0 ? await many.leads.firstKeys(scope) : [];
      // The keys of the rest, read meanwhile, come after it; a scope of no more ends with an empty part.
      const planned =
        first.length > 0
          ? { ...snapshotRows.planPart(scope, first, 0, first.length), last: false }
          : snapshotRows.planPart(
              scope,
              await keysInOrder(scope),
              offset,
              offset === 0 ? FIRST_PART_ROWS : partRowsOf(scope),
            );
      const wanted = planned.rows.filter((row) => !overtaken.overtook(scope, row));
      // By key, outside the catch-up's transaction: a change-log entry never changes once written.
      const read = await readPart(ports.db, wanted);
      const companions = await companionsOf(
        scope,
        read,
        snapshotRows,
        order.ordered(),
        offset > 0 ? many.keysOf : undefined,
      );
      const rows = companions.length > 0 ? [...read, ...(await readPart(ports.db, companions))] : read;
      const lead = offset === 0 && order.focused().includes(scope);
      return { scope, part, planned, first, lead, rows };
    }
    return null;
  };
  let next = prepare();
  for (;;) {
    // Awaited below; one read ahead when the sending stops must not go unhandled.
    next.catch(() => undefined);
    let prepared = await next;
    for (;;) {
      await ports.room(prepared?.lead ?? false);
      if (ports.closed() || !prepared || prepared.scope === order.next()) break;
      prepared = await prepare();
    }
    if (ports.closed() || !prepared) return;
    const { scope, part, planned, first } = prepared;
    // Read ahead, the part may hold a row as `same` that a change has reached since.
    let rows = prepared.rows;
    while (staleSame(rows, snapshotRows)) rows = await readStale(ports.db, rows, snapshotRows);
    // A row going with another (`in`) that went in full meanwhile, in a part sent since it was read.
    rows = rows.filter((read) => !read.row.in || !snapshotRows.sentInFull(read.row));
    // From here to the send, no await: a change the live lane sends meanwhile would go first.
    if (ports.closed()) return;
    if (first.length > 0) {
      // The rest of the scope's keys go after these, whatever lead they were first put in order by.
      firsts.set(scope, first);
      inOrder.delete(scope);
    }
    order.begin(scope);
    if (planned.last) order.finish(scope);
    const held = ports.held();
    const toSend = held.has(scope) ? partToSend(scope, rows, overtaken, held) : [];
    const goes = held.has(scope) && (toSend.length > 0 || planned.last);
    sent.set(scope, { offset: planned.next, part: goes ? part + 1 : part });
    if (goes)
      snapshotRows.sent(
        scope,
        toSend.map((read) => read.row),
      );
    next = prepare();
    if (!goes) continue;
    const frame = frameRows(toSend);
    ports.send(partFrame({ scope, position, part, last: planned.last }, frame.planned, frame.texts));
  }
}
