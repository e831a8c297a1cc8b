import { type Hello, type ServerMessage, SNAPSHOT_PARTS_AHEAD } from "@hirestream/contracts/sync/messages.ts";
import type { Kysely } from "kysely";
import type { Pool } from "pg";
import type { Credentials } from "../auth/sessions.ts";
import type { Database } from "../database.ts";
import {
  changeDataOf,
  changeTextOf,
  checkpointOf,
  type Queryable,
  type SnapshotKey,
  scopesOf,
  snapshotKeysOf,
} from "./change-feed.ts";
import { changePages, withoutSeq } from "./change-pages.ts";
import { fewFrames } from "./few-parts.ts";
import { sendManyParts } from "./many-parts.ts";
import { OvertakenRows } from "./overtaken-rows.ts";
import { SnapshotLeads } from "./snapshot-lead.ts";
import { SnapshotOrder } from "./snapshot-order.ts";
import { SnapshotRows, snapshotParts } from "./snapshot-parts.ts";
import { fewRowsOf, manyKeysOf } from "./snapshot-phases.ts";

/** Scopes whose leads are read as a catch-up starts: a screen's focus names one or two. */
const LEADS_AHEAD = 2;

export interface ConnectionPorts {
  pool: Pool;
  /** Builds queries that `pool` (or one of its clients) runs. */
  db: Kysely<Database>;
  send(message: ServerMessage): void;
  /** A message already in its wire form (a snapshot part: snapshot-parts.ts, partFrame). */
  sendFrame(text: string): void;
  close(code: number, reason: string): void;
  /**
   * Resolves once the user's screen queries running now are done, or the catch-up has waited its
   * share (screen-queries.ts): it reads scope keys only then. At once when not given.
   */
  makeWay?(): Promise<void>;
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
   * from the many: the focused scopes' first parts are read and sent while the client still writes
   * them (`#room`), but only those, so that the screens the few rows make are not kept waiting by megabytes of
   * rows they do not show. They go before any part of many, so the client's first answers are theirs.
   */
  #fewAhead = 0;
  #waiting: (() => void)[] = [];
  /** Resolves when the connection closes: nothing it waits on before reading holds it any longer. */
  readonly #whenClosed: Promise<void>;
  #closing = () => {};

  constructor(session: { userId: string; expiry: number }, credentials: Credentials, ports: ConnectionPorts) {
    this.userId = session.userId;
    this.expiresAt = session.expiry * 1000;
    this.credentials = credentials;
    this.#ports = ports;
    this.#whenClosed = new Promise((resolve) => {
      this.#closing = resolve;
    });
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
      const makeWay = () => Promise.race([this.#ports.makeWay?.() ?? Promise.resolve(), this.#whenClosed]);
      // The focused scopes' (or, with none, the first scope's): another's would only take the cores
      // from the reads the screen waits on.
      const focused = order.ordered().filter((scope) => this.#focus.includes(scope)).length;
      for (const scope of order.ordered().slice(0, Math.min(LEADS_AHEAD, Math.max(1, focused)))) {
        void makeWay().then(() => {
          if (!this.#closed) void leads.firstKeys(scope);
        });
      }
      if (wanted.length > 0) this.#send({ type: "syncing", scopes: wanted });
      // What every screen needs to show anything: every scope's few rows, before any scope's many.
      // A scope with more than a part's worth sends them in several, each as soon as it is read,
      // which the client writes while the rest are read. Their keys come from the catch-up's
      // snapshot, the data of those after the first part by key (a change-log entry never changes).
      const manyFrom = new Map<string, number>();
      const fewReads = {
        rowsOf: (scope: string, withData: number) => fewRowsOf(client, scope, upTo, withData),
        textsOf: (entries: readonly SnapshotKey[]) => changeTextOf(client, entries),
      };
      for await (const { scope, part, more, frame } of fewFrames(wanted, upTo, fewReads, snapshotRows)) {
        if (this.#closed) return;
        this.#sendFewFrame(frame);
        if (!more) manyFrom.set(scope, part + 1);
      }
      let reached = cursor;
      for await (const page of changePages(client, [...held], cursor, upTo)) {
        reached = page.cursor;
        this.#send({ type: "changes", rows: withoutSeq(page.rows), cursor: reached });
      }
      // The scopes held are as of `upTo` now, and so is each snapshot once its last part is in:
      // the client's cursor says so, for a catch-up cut short to resume from there.
      if (reached < upTo) this.#send({ type: "changes", rows: [], cursor: upTo });
      this.#scopes = new Set(allowed);
      this.#cursor = upTo;
      const overtaken = new OvertakenRows(snapshotRows);
      this.#overtaken = overtaken;
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
      // A socket closed (a page reloaded) reads no more: its reads would only slow the next page's
      // catch-up and screen queries, on the same cores, for nobody.
      loaded = (async () => {
        while (unread(order, many) !== undefined && !this.#closed) {
          // Beside the user's own screen query, each read would make both slower for the same page.
          await makeWay();
          const scope = unread(order, many);
          if (scope === undefined || this.#closed) break;
          await keysOf(scope);
        }
        await client.query("commit");
      })();
      // Awaited in `finally`; a failure here must not go unhandled while the sending waits.
      loaded.catch(() => undefined);
      await sendManyParts(
        { order, keysOf, leads, position: upTo, snapshotRows, overtaken, manyFrom },
        {
          db: this.#ports.pool,
          room: (lead) => this.#room(lead),
          closed: () => this.#closed,
          held: () => this.#scopes,
          send: (frame) => this.#sendFrame(frame),
          makeWay,
        },
      );
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

  /**
   * A focused scope's first part of many goes at once, even while the few rows are still being
   * written: the focus names a scope or two, each part is small, and the screen waits on them all
   * (a board on its candidacies and on the people they name), so the client writes them with the
   * few rows rather than answer those first. Any other part waits for room.
   */
  async #room(lead: boolean): Promise<void> {
    if (lead) return;
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
    this.#closing();
    this.#wake();
    this.#ports.close(code, reason);
  }

  async #advance(wanted: number): Promise<void> {
    if (this.#closed || (wanted <= this.#cursor && !this.#rescope)) return;
    const upTo = Math.max(wanted, this.#cursor);
    const joined = this.#rescope ? await this.#workOutScopes() : [];
    for await (const page of changePages(this.#ports.pool, [...this.#scopes], this.#cursor, upTo)) {
      if (this.#closed) return;
      const overtaken = this.#overtaken;
      if (overtaken) for (const row of page.rows) overtaken.changed(row);
      this.#send({ type: "changes", rows: withoutSeq(page.rows), cursor: page.cursor });
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
