import pg, { type Pool } from "pg";
import { keepCheckedOutErrors } from "../pool-errors.ts";
import { SESSION_WROTE_CHANNEL, type SessionCache } from "./session-cache.ts";
import type { Session } from "./sessions.ts";

/**
 * Raises the session row's position and tells every API process, in one statement (one
 * transaction) whose commit does not wait for its WAL to reach the disk (synchronous_commit off
 * for this transaction alone). A write's answer needs the row visible to other API processes and
 * the NOTIFY delivered, and both hold once the commit is done, before any flush. Waiting for the
 * flush too put a second one on every write's path behind the append's own, and one after another
 * for the writes one session sends in parallel. What
 * a database crash can lose is the last fraction of a second of these positions (never the events,
 * flushed with their own commits): a read right after the restart then waits for less, as another
 * session's read would.
 */
const recordStatement = `
with raised as (
  update auth_sessions set written_position = greatest(written_position, $3::bigint)
  where user_id = $1 and client = $2
  returning user_id, client, written_position)
select pg_notify('${SESSION_WROTE_CHANNEL}', user_id::text || ' ' || client || ' ' || written_position::text),
  set_config('synchronous_commit', 'off', true)
from raised`;

/** Stores that the session (`userId`, `client`) wrote up to `position`, unless it holds a later one. */
export async function storeWrittenPosition(
  db: Pick<Pool, "query">,
  userId: string,
  client: string,
  position: number,
): Promise<void> {
  await db.query({ name: "record-session-write", text: recordStatement, values: [userId, client, position] });
}

interface Pending {
  /** Highest position stored so far. */
  stored: number;
  /** Highest position asked for. */
  wanted: number;
  running: Promise<void> | null;
}

/**
 * Connections of their own for these updates. A write's answer waits for its session's update, and
 * the writes of one session answered at once wait for the same one: queued in the pool behind
 * appends that wait for their flush, one update held up a dozen answers at a time. Updates are
 * short (no flush), so a few connections carry every session's.
 */
const SESSION_WRITE_CONNECTIONS = 4;

/**
 * Remembers how far each session has written, so that its reads wait for the read models to hold
 * it (read-your-writes.ts). Why this holds with several API processes: the position is stored with
 * the session row before the write is answered, not only in this process's memory, so another
 * process that looks the session up finds it; one that has the session cached hears of it by
 * NOTIFY, which Postgres delivers to every listener as the row's update commits, that is before
 * the answer leaves. (Only a read that overtook that delivery, the client's whole round trip
 * beating a local notification, would go by the cached position: the window the session cache
 * already accepts for a sign-out.) Writes of one session answered at once share one update, so a
 * client sending many writes in parallel does not queue them on its session row.
 */
export class SessionWrites {
  readonly #pool: Pool;
  readonly #sessions: SessionCache;
  readonly #pending = new Map<string, Pending>();

  constructor(options: pg.PoolConfig, sessions: SessionCache) {
    this.#pool = new pg.Pool({ ...options, max: SESSION_WRITE_CONNECTIONS });
    // An idle connection's error (the server restarting) must not take the process down.
    this.#pool.on("error", () => {});
    keepCheckedOutErrors(this.#pool);
    this.#sessions = sessions;
  }

  close(): Promise<void> {
    return this.#pool.end();
  }

  /** Resolves once the session row holds `position` or a later one. */
  async record(session: Session, position: number): Promise<void> {
    if (position <= session.writtenPosition) return;
    const id = `${session.userId} ${session.client}`;
    let pending = this.#pending.get(id);
    if (!pending) {
      pending = { stored: 0, wanted: 0, running: null };
      this.#pending.set(id, pending);
    }
    pending.wanted = Math.max(pending.wanted, position);
    try {
      while (pending.stored < position) {
        pending.running ??= this.#store(session, pending);
        await pending.running;
      }
    } finally {
      if (pending.running === null && pending.stored >= pending.wanted) this.#pending.delete(id);
    }
  }

  async #store(session: Session, pending: Pending): Promise<void> {
    const position = pending.wanted;
    try {
      await storeWrittenPosition(this.#pool, session.userId, session.client, position);
      pending.stored = Math.max(pending.stored, position);
      this.#sessions.wrote(session.userId, session.client, position);
    } finally {
      pending.running = null;
    }
  }
}
