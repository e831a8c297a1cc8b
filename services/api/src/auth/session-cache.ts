import type { Pool } from "pg";
import type { Notifications } from "../http/notifications.ts";
import { hashSecret } from "./passwords.ts";
import { type Credentials, findSession, SESSIONS_ENDED_CHANNEL, type Session } from "./sessions.ts";

const TTL_MS = 30_000;
/** NOTIFY channel telling every API process how far a session has written (payload: "userId client position"). */
export const SESSION_WROTE_CHANNEL = "hirestream_session_wrote";

interface Entry {
  session: Session;
  tokenHash: string;
  cachedAt: number;
}

/**
 * Sessions checked recently, so most requests skip the lookup. Every process LISTENs for ended
 * sessions (sign-out, password change, a device dropped) and forgets that user's entries at once;
 * a lookup that raced any ending does not cache what it read. It LISTENs as well for the positions
 * sessions wrote up to (recorded with the session row before the write is answered: see
 * SessionWrites), and answers a session with the highest it knows of.
 */
export class SessionCache {
  readonly #pool: Pool;
  readonly #entries = new Map<string, Entry>();
  /** Moves on at every ending, so a lookup that overlapped one knows. */
  #epoch = 0;
  readonly #notifications: Notifications;
  /**
   * Positions heard of in the last TTL, by "userId client", oldest first. An entry cached before
   * the position was stored lives at most TTL after its lookup began, so one heard of longer ago
   * is in every entry still cached (and in every new lookup): it can be let go.
   */
  readonly #written = new Map<string, { position: number; at: number }>();

  private constructor(pool: Pool, notifications: Notifications) {
    this.#pool = pool;
    this.#notifications = notifications;
  }

  static async open(pool: Pool, notifications: Notifications): Promise<SessionCache> {
    const cache = new SessionCache(pool, notifications);
    await notifications.listen(SESSIONS_ENDED_CHANNEL, (userId) => cache.forgetUser(userId));
    await notifications.listen(SESSION_WROTE_CHANNEL, (payload) => {
      const [userId, client, position] = payload.split(" ");
      if (userId && client && position) cache.wrote(userId, client, Number(position));
    });
    return cache;
  }

  async find(credentials: Credentials, now: Date): Promise<Session | null> {
    const key = `${credentials.uid.toLowerCase()}\n${credentials.client}`;
    const tokenHash = hashSecret(credentials.accessToken);
    const cached = this.#entries.get(key);
    const startedAt = performance.now();
    if (
      this.#notifications.healthy &&
      cached &&
      cached.tokenHash === tokenHash &&
      startedAt - cached.cachedAt < TTL_MS &&
      cached.session.expiry * 1000 > now.getTime()
    ) {
      return this.#withWritten(cached.session);
    }
    const epoch = this.#epoch;
    const session = await findSession(this.#pool, credentials, now);
    if (!session) {
      this.#entries.delete(key);
      return null;
    }
    if (this.#epoch === epoch && this.#entries.size < 100_000) {
      this.#entries.set(key, { session, tokenHash, cachedAt: startedAt });
    }
    return this.#withWritten(session);
  }

  forgetUser(userId: string): void {
    this.#epoch++;
    for (const [key, entry] of this.#entries) if (entry.session.userId === userId) this.#entries.delete(key);
  }

  /** A session's writes reached `position` (stored with its row already). */
  wrote(userId: string, client: string, position: number): void {
    if (!Number.isSafeInteger(position)) return;
    const id = `${userId} ${client}`;
    const at = performance.now();
    for (const [oldest, { at: heard }] of this.#written) {
      if (at - heard < TTL_MS) break;
      this.#written.delete(oldest);
    }
    const known = this.#written.get(id)?.position ?? 0;
    this.#written.delete(id);
    this.#written.set(id, { position: Math.max(known, position), at });
  }

  #withWritten(session: Session): Session {
    const heard = this.#written.get(`${session.userId} ${session.client}`)?.position ?? 0;
    return heard > session.writtenPosition ? { ...session, writtenPosition: heard } : session;
  }
}
