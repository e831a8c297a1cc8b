import {
  FIRST_PART_ROWS,
  type Hello,
  type ServerMessage,
  SNAPSHOT_PART_ROWS,
  SNAPSHOT_PARTS_AHEAD,
  type SyncRow,
} from "@hirestream/contracts/sync/messages.ts";
import type { Kysely } from "kysely";
import type { Pool } from "pg";
import type { Credentials } from "../auth/sessions.ts";
import type { Database } from "../database.ts";
import { frameRows, partToSend, type ReadRow, readPart, readStale, staleSame } from "./catch-up-part.ts";
import {
  changeDataOf,
  changesOf,
  checkpointOf,
  type Queryable,
  type SnapshotKey,
  scopesOf,
  snapshotKeysOf,
} from "./change-feed.ts";
import { OvertakenRows } from "./overtaken-rows.ts";
import { leadFirst, SnapshotLeads } from "./snapshot-lead.ts";
import { SnapshotOrder } from "./snapshot-order.ts";
import { type PlannedPart, partFrame, SnapshotRows, snapshotParts } from "./snapshot-parts.ts";
import { fewRowsOf, manyKeysOf } from "./snapshot-phases.ts";

const PAGE = 500;
/** Scopes whose leads are read as a catch-up starts: a screen's focus names one or two. */
const LEADS_AHEAD = 2;
/** A cursor names the last position applied in full: start after all its rows. */
const AFTER_EVERY_SEQ = 2_147_483_647;

export interface ConnectionPorts {
  pool: Pool;
  /** Builds queries that `pool` (or one of its clients) runs. */
  db: Kysely<Database>;
  send(message: ServerMessage): void;
  /** A message already in its wire form (a snapshot part: snapshot-parts.ts, partFrame). */
  sendFrame(text: string): void;
  close(code: number, reason: string): void;
}

/** A snapshot part planned and read, to send once there is room. */
interface PreparedPart {
  scope: string;
  part: number;
  planned: PlannedPart;
  /** The scope's lead keys, when this is its first part (snapshot-lead.ts, firstKeys). */
  first: SnapshotKey[];
  rows: ReadRow[];
}

/**
 * One browser's replica feed: a snapshot of each scope it lacks, the changes after its cursor in
 * the scopes it holds, then live changes. Scopes come from the read models, never from the client.
 *
 * Two lanes share the socket. The catch-up sends the snapshots as of one position, paced by the
 * client's answers; the live lane sends every change committed after that position as it commits,
 * from the moment each scope's few rows are out, so a move or a rename never waits for the rest
 * of a first sync (OvertakenRows keeps a later part from sending a row older than a change).
 */
export class SyncConnection {
  readonly userId: string;
  readonly credentials: Credentials;
  /** When the session ends by itself (ms since the epoch). */
  readonly expiresAt: number;
  readonly #ports: ConnectionPorts;
  #scopes = new Set<string>();
  #cursor = 0;
  /** The furthest position asked for by `advance` calls still waiting in the queue. */
  #wanted = 0;
  #advanceQueued = false;
  /** Who may read what has changed since the scopes were worked out. */
  #rescope = false;
  #queue: Promise<void> = Promise.resolve();
  #closed = false;
  /** The scopes the client's screen shows, most wanted first. */
  #focus: readonly string[] = [];
  /** The catch-up's order of the many rows, while it sends them. */
  #order: SnapshotOrder | null = null;
  /** While the catch-up sends its many rows: those the live lane's changes have brought since. */
  #overtaken: OvertakenRows | null = null;
  /** Snapshot parts of many rows sent and not yet answered with `applied`. */
  #ahead = 0;
  /**
   * Parts of few rows (every scope's part 0) sent and not yet answered. Small, they take no room
   * from the many: the focus's first part is read and sent while the client still writes them,
   * but only that one, so that the screens the few rows make are not kept waiting by megabytes of
   * rows they do not show. They go before any part of many, so the client's first answers are theirs.
   */
  #fewAhead = 0;
  #waiting: (() => void)[] = [];

  constructor(session: { userId: string; expiry: number }, credentials: Credentials, ports: ConnectionPorts) {
    this.userId = session.userId;
    this.expiresAt = session.expiry * 1000;
    this.credentials = credentials;
    this.#ports = ports;
  }

  get scopes(): ReadonlySet<string> {
    return this.#scopes;
  }

  /**
   * Brings the client from its cursor to now, in one consistent read of the read models: the few
   * rows of every scope it lacks, the changes of those it holds, then the many rows, focus first.
   * Live changes (`advance`) go out from the moment the few rows and those changes are out.
   * Resolves once `ready` is sent.
   */
  start(hello: Hello): Promise<void> {
    this.#focus = hello.focus ?? [];
    let openLive = () => {};
    this.#queue = new Promise<void>((resolve) => {
      openLive = resolve;
    });
    return this.#catchUp(hello, openLive)
      .catch(() => this.close(1011, "sync failed"))
      .finally(openLive);
  }

  /** The client's screen changed: the many rows still to send go in the order of its scopes. */
  focus(scopes: readonly string[]): void {
    this.#focus = scopes;
    this.#order?.focus(scopes);
  }

  /** The client applied one more snapshot part: room for the next. */
  applied(): void {
    if (this.#fewAhead > 0) this.#fewAhead -= 1;
    else if (this.#ahead > 0) this.#ahead -= 1;
    this.#wake();
  }

  async #catchUp(hello: Hello, openLive: () => void): Promise<void> {
    const client = await this.#ports.pool.connect();
    let loaded: Promise<unknown> | null = null;
    try {
      await client.query("begin isolation level repeatable read read only");
      const upTo = await checkpointOf(client);
      const allowed = await scopesOf(this.#ports.db, client, this.userId);
      // A cursor beyond the log (another or a rebuilt database) is no cursor at all.
      const cursor = hello.cursor <= upTo ? hello.cursor : 0;
      // Each scope the hello names is held in full as of its cursor (an interrupted first sync
      // names those whose last part was in): only the rest are sent again.
      const held = new Set(cursor > 0 ? hello.scopes.filter((scope) => allowed.includes(scope)) : []);
      for (const scope of hello.scopes) {
        if (!allowed.includes(scope)) this.#send({ type: "drop-scope", scope });
      }
      const wanted = allowed.filter((scope) => !held.has(scope));
      const snapshotRows = new SnapshotRows();
      const order = new SnapshotOrder(wanted, this.#focus);
      this.#order = order;
      // The rows the first scopes' screens show first, read from the read models meanwhile.
      const leads = new SnapshotLeads(this.#ports.pool, upTo, () => order.focused());
      for (const scope of order.ordered().slice(0, LEADS_AHEAD)) void leads.of(scope);
      if (wanted.length > 0) this.#send({ type: "syncing", scopes: wanted });
      // What every screen needs to show anything: every scope's few rows, before any scope's many.
      // A scope with more than a part's worth sends them in several, which the client writes while
      // the rest are read.
      const manyFrom = new Map<string, number>();
      for (const scope of wanted) {
        const parts = snapshotRows.fewParts(scope, upTo, await fewRowsOf(client, scope, upTo));
        for (const frame of parts) this.#sendFewFrame(frame);
        manyFrom.set(scope, parts.length);
      }
      let after = { position: cursor, seq: AFTER_EVERY_SEQ };
      let reached = cursor;
      while (held.size > 0) {
        const rows = await changesOf(client, [...held], after, upTo, PAGE);
        if (rows.length > 0) {
          reached = lastPosition(rows, upTo);
          this.#send({ type: "changes", rows: rows.map(withoutSeq), cursor: reached });
        }
        const last = rows.at(-1);
        if (!last || rows.length < PAGE) break;
        after = { position: last.position, seq: last.seq };
      }
      // The scopes held are as of `upTo` now, and so is each snapshot once its last part is in:
      // the client's cursor says so, for a catch-up cut short to resume from there.
      if (reached < upTo) this.#send({ type: "changes", rows: [], cursor: upTo });
      this.#scopes = new Set(allowed);
      this.#cursor = upTo;
      this.#overtaken = new OvertakenRows(snapshotRows);
      openLive();
      // Their keys, one scope after another in the focus's order as it stands when each read starts
      // (a focus that changes meanwhile is read next), while the first parts already go out; the
      // consistent read ends once every scope's keys are in, not once all is sent. Reads on one
      // client run in the order asked, so a scope the sending wants first just joins the queue.
      const many = new Map<string, Promise<SnapshotKey[]>>();
      const keysOf = (scope: string): Promise<SnapshotKey[]> => {
        let load = many.get(scope);
        if (!load) {
          load = manyKeysOf(client, scope, upTo).then((keys) => {
            // Rows of this scope sent from now on for another go once, naming this one too.
            snapshotRows.holds(scope, keys);
            return keys;
          });
          many.set(scope, load);
        }
        return load;
      };
      loaded = (async () => {
        for (let scope = unread(order, many); scope !== undefined; scope = unread(order, many)) await keysOf(scope);
        await client.query("commit");
      })();
      // Awaited in `finally`; a failure here must not go unhandled while the sending waits.
      loaded.catch(() => undefined);
      await this.#sendMany(order, keysOf, leads, upTo, snapshotRows, manyFrom);
      await loaded;
      // On the live lane: `ready` carries the cursor of the last change sent, never an older one.
      await this.#enqueue(async () => {
        this.#order = null;
        this.#overtaken = null;
        this.#send({ type: "ready", cursor: this.#cursor, scopes: [...this.#scopes] });
      });
    } finally {
      // No query of the client may still be running when it goes back to the pool.
      const ended = loaded
        ? await loaded.then(
            () => true,
            () => false,
          )
        : false;
      if (!ended) await client.query("rollback").catch(() => undefined);
      client.release();
    }
  }

  /**
   * The many rows, a part at a time, never more than SNAPSHOT_PARTS_AHEAD unanswered: what is not
   * sent yet follows the focus, however it changes. A scope's first part is small and holds the
   * rows its screen shows first (snapshot-lead.ts), so a screen's first page lands before a
   * megabyte has. Each part is planned and read while the one before it waits for room, so the
   * client never waits on the database; a new focus that overtakes a part read ahead has it
   * planned anew. A row a live change has brought is left out as the part goes, not as it is read.
   */
  async #sendMany(
    order: SnapshotOrder,
    keysOf: (scope: string) => Promise<SnapshotKey[]>,
    leads: SnapshotLeads,
    position: number,
    snapshotRows: SnapshotRows,
    manyFrom: ReadonlyMap<string, number>,
  ): Promise<void> {
    const sent = new Map<string, { offset: number; part: number }>();
    /** Each scope's first part when its lead's keys were read by themselves (`firstKeys`). */
    const firsts = new Map<string, SnapshotKey[]>();
    const inOrder = new Map<string, Promise<SnapshotKey[]>>();
    const keysInOrder = (scope: string): Promise<SnapshotKey[]> => {
      let keys = inOrder.get(scope);
      if (!keys) {
        const first = (firsts.get(scope) ?? []).map((key) => `${key.entity}:${key.id}`);
        keys = Promise.all([keysOf(scope), leads.of(scope)]).then(([all, lead]) => leadFirst(all, [...first, ...lead]));
        inOrder.set(scope, keys);
      }
      return keys;
    };
    const prepare = async (): Promise<PreparedPart | null> => {
      for (let scope = order.next(); scope !== undefined; scope = order.next()) {
        // A scope lost meanwhile (the live lane dropped it) gets no more of its rows.
        if (!this.#scopes.has(scope)) {
          order.finish(scope);
          continue;
        }
        const { offset, part } = sent.get(scope) ?? { offset: 0, part: manyFrom.get(scope) ?? 1 };
        const first = offset === 0 ? await leads.firstKeys(scope) : [];
        // The keys of the rest, read meanwhile, come after it; a scope of no more ends with an empty part.
        const planned =
          first.length > 0
            ? { ...snapshotRows.planPart(scope, first, 0, first.length), last: false }
            : snapshotRows.planPart(
                scope,
                await keysInOrder(scope),
                offset,
                offset === 0 ? FIRST_PART_ROWS : SNAPSHOT_PART_ROWS,
              );
        const overtaken = this.#overtaken;
        const wanted = planned.rows.filter((row) => !overtaken?.overtook(scope, row));
        // By key, outside the catch-up's transaction: a change-log entry never changes once written.
        const rows = await readPart(this.#ports.pool, wanted);
        return { scope, part, planned, first, rows };
      }
      return null;
    };
    let next = prepare();
    for (;;) {
      // Awaited below; one read ahead when the sending stops must not go unhandled.
      next.catch(() => undefined);
      let prepared = await next;
      await this.#room();
      if (!this.#closed && prepared && prepared.scope !== order.next()) prepared = await prepare();
      const overtaken = this.#overtaken;
      if (this.#closed || !prepared || !overtaken) return;
      const { scope, part, planned, first } = prepared;
      // Read ahead, the part may hold a row as `same` that a change has reached since.
      let rows = prepared.rows;
      while (staleSame(rows, snapshotRows)) rows = await readStale(this.#ports.pool, rows, snapshotRows);
      // From here to the send, no await: a change the live lane sends meanwhile would go first.
      if (this.#closed) return;
      if (first.length > 0) {
        // The rest of the scope's keys go after these, whatever lead they were first put in order by.
        firsts.set(scope, first);
        inOrder.delete(scope);
      }
      order.begin(scope);
      if (planned.last) order.finish(scope);
      const toSend = this.#scopes.has(scope) ? partToSend(scope, rows, overtaken, this.#scopes) : [];
      const goes = this.#scopes.has(scope) && (toSend.length > 0 || planned.last);
      sent.set(scope, { offset: planned.next, part: goes ? part + 1 : part });
      if (goes)
        snapshotRows.sent(
          scope,
          toSend.map((read) => read.row),
        );
      next = prepare();
      if (!goes) continue;
      const frame = frameRows(toSend);
      this.#sendFrame(partFrame({ scope, position, part, last: planned.last }, frame.planned, frame.texts));
    }
  }

  /** A snapshot part, in its wire form: one more for the client to answer. */
  #sendFrame(frame: string): void {
    this.#ahead += 1;
    if (!this.#closed) this.#ports.sendFrame(frame);
  }

  /** A part of a scope's few rows, in its wire form: answered like any, but paced apart (`#fewAhead`). */
  #sendFewFrame(frame: string): void {
    this.#fewAhead += 1;
    if (!this.#closed) this.#ports.sendFrame(frame);
  }

  async #room(): Promise<void> {
    while (!this.#closed && this.#ahead >= (this.#fewAhead > 0 ? 1 : SNAPSHOT_PARTS_AHEAD)) {
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    }
  }

  #wake(): void {
    for (const resolve of this.#waiting.splice(0)) resolve();
  }

  /**
   * Sends what committed up to `upTo`; calls queue up, one at a time. Calls made while one waits
   * join it: under a burst of commits the client gets one read and one frame for all of them,
   * not one per commit.
   */
  advance(upTo: number): Promise<void> {
    this.#wanted = Math.max(this.#wanted, upTo);
    if (this.#advanceQueued) return this.#queue;
    this.#advanceQueued = true;
    return this.#enqueue(() => {
      this.#advanceQueued = false;
      return this.#advance(this.#wanted);
    });
  }

  /**
   * Memberships, roles or projects changed: the scopes are worked out again before the next
   * changes go out, a lost one dropped and a new one sent in full, as of `upTo`.
   */
  rescope(upTo: number): Promise<void> {
    this.#rescope = true;
    return this.advance(upTo);
  }

  expire(): void {
    if (this.#closed) return;
    this.#send({ type: "session-expired" });
    this.close(4401, "session expired");
  }

  close(code: number, reason: string): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#wake();
    this.#ports.close(code, reason);
  }

  async #advance(wanted: number): Promise<void> {
    if (this.#closed || (wanted <= this.#cursor && !this.#rescope)) return;
    const upTo = Math.max(wanted, this.#cursor);
    const joined = this.#rescope ? await this.#workOutScopes() : [];
    let after = { position: this.#cursor, seq: AFTER_EVERY_SEQ };
    while (this.#scopes.size > 0) {
      const rows = await changesOf(this.#ports.pool, [...this.#scopes], after, upTo, PAGE);
      if (this.#closed) return;
      const overtaken = this.#overtaken;
      if (overtaken) for (const row of rows) overtaken.changed(row);
      if (rows.length > 0)
        this.#send({ type: "changes", rows: rows.map(withoutSeq), cursor: lastPosition(rows, upTo) });
      const last = rows.at(-1);
      if (!last || rows.length < PAGE) break;
      after = { position: last.position, seq: last.seq };
    }
    for (const scope of joined) {
      // A scope joined now: what the client holds is as of its cursor, so every row goes in full.
      await this.#sendSnapshot(this.#ports.pool, scope, upTo, new SnapshotRows());
      this.#scopes.add(scope);
    }
    this.#cursor = upTo;
  }

  /**
   * Drops, at once, the scopes the user may no longer hold: the client deletes their rows before
   * any further change arrives. Returns the scopes newly allowed, for the caller to send in full.
   * The read models may be ahead of the cursor; a scope lost or gained a little early is lost or
   * gained all the same.
   */
  async #workOutScopes(): Promise<string[]> {
    this.#rescope = false;
    const allowed = await scopesOf(this.#ports.db, this.#ports.pool, this.userId);
    for (const scope of [...this.#scopes]) {
      if (allowed.includes(scope)) continue;
      this.#scopes.delete(scope);
      this.#send({ type: "drop-scope", scope });
    }
    return allowed.filter((scope) => !this.#scopes.has(scope));
  }

  /** In parts, so a big scope's first rows reach the screen while the rest are still on the way. */
  async #sendSnapshot(db: Queryable, scope: string, position: number, sent: SnapshotRows): Promise<void> {
    const planned = sent.plan(await snapshotKeysOf(db, scope, position));
    for await (const part of snapshotParts(scope, position, planned, (rows) => changeDataOf(db, rows))) {
      this.#sendFrame(JSON.stringify(part));
    }
  }

  #enqueue(work: () => Promise<void>): Promise<void> {
    this.#queue = this.#queue.then(work).catch(() => this.close(1011, "sync failed"));
    return this.#queue;
  }

  #send(message: ServerMessage): void {
    if (!this.#closed) this.#ports.send(message);
  }
}

/** The next scope whose keys nobody has asked for yet, most wanted first. */
function unread(order: SnapshotOrder, many: ReadonlyMap<string, unknown>): string | undefined {
  return order.ordered().find((scope) => !many.has(scope));
}

function withoutSeq({ seq: _seq, ...row }: SyncRow & { seq: number }): SyncRow {
  return row;
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
