import type { Hello, ServerMessage, SyncRow } from "@hirestream/contracts/sync/messages.ts";
import type { Kysely } from "kysely";
import type { Pool } from "pg";
import type { Credentials } from "../auth/sessions.ts";
import type { Database } from "../database.ts";
import { changeDataOf, changesOf, checkpointOf, type Queryable, scopesOf, snapshotKeysOf } from "./change-feed.ts";
import { SnapshotRows, snapshotParts } from "./snapshot-parts.ts";

const PAGE = 500;
/** A cursor names the last position applied in full: start after all its rows. */
const AFTER_EVERY_SEQ = 2_147_483_647;

export interface ConnectionPorts {
  pool: Pool;
  /** Builds queries that `pool` (or one of its clients) runs. */
  db: Kysely<Database>;
  send(message: ServerMessage): void;
  close(code: number, reason: string): void;
}

/**
 * One browser's replica feed: a snapshot of each scope it lacks, the changes after its cursor in
 * the scopes it holds, then live changes. Scopes come from the read models, never from the client.
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

  constructor(session: { userId: string; expiry: number }, credentials: Credentials, ports: ConnectionPorts) {
    this.userId = session.userId;
    this.expiresAt = session.expiry * 1000;
    this.credentials = credentials;
    this.#ports = ports;
  }

  get scopes(): ReadonlySet<string> {
    return this.#scopes;
  }

  /** Brings the client from its cursor to now, in one consistent read of the read models. */
  start(hello: Hello): Promise<void> {
    return this.#enqueue(async () => {
      const client = await this.#ports.pool.connect();
      try {
        await client.query("begin isolation level repeatable read read only");
        const upTo = await checkpointOf(client);
        const allowed = await scopesOf(this.#ports.db, client, this.userId);
        // A cursor beyond the log (another or a rebuilt database) is no cursor at all.
        const cursor = hello.cursor <= upTo ? hello.cursor : 0;
        const held = new Set(cursor > 0 ? hello.scopes.filter((scope) => allowed.includes(scope)) : []);
        for (const scope of hello.scopes) {
          if (!allowed.includes(scope)) this.#send({ type: "drop-scope", scope });
        }
        const snapshotRows = new SnapshotRows();
        for (const scope of allowed) {
          if (held.has(scope)) continue;
          await this.#sendSnapshot(client, scope, upTo, snapshotRows);
        }
        let after = { position: cursor, seq: AFTER_EVERY_SEQ };
        while (held.size > 0) {
          const rows = await changesOf(client, [...held], after, upTo, PAGE);
          if (rows.length > 0)
            this.#send({ type: "changes", rows: rows.map(withoutSeq), cursor: lastPosition(rows, upTo) });
          const last = rows.at(-1);
          if (!last || rows.length < PAGE) break;
          after = { position: last.position, seq: last.seq };
        }
        await client.query("commit");
        this.#scopes = new Set(allowed);
        this.#cursor = upTo;
        this.#send({ type: "ready", cursor: upTo, scopes: allowed });
      } finally {
        client.release();
      }
    });
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
    this.#ports.close(code, reason);
  }

  async #advance(wanted: number): Promise<void> {
    if (this.#closed || (wanted <= this.#cursor && !this.#rescope)) return;
    const upTo = Math.max(wanted, this.#cursor);
    const joined = this.#rescope ? await this.#workOutScopes() : [];
    let after = { position: this.#cursor, seq: AFTER_EVERY_SEQ };
    while (this.#scopes.size > 0) {
      const rows = await changesOf(this.#ports.pool, [...this.#scopes], after, upTo, PAGE);
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

  /**
   * In parts, so a big scope's first rows reach the screen while the rest are still on the way;
   * each part's data is read as the one before it travels and is written by the client.
   */
  async #sendSnapshot(db: Queryable, scope: string, position: number, sent: SnapshotRows): Promise<void> {
    const planned = sent.plan(await snapshotKeysOf(db, scope, position));
    for await (const part of snapshotParts(scope, position, planned, (rows) => changeDataOf(db, rows))) {
      this.#send(part);
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
