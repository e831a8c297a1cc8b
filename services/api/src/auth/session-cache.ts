import type { Pool } from "pg";
import type { Notifications } from "../http/notifications.ts";
import { hashSecret } from "./passwords.ts";
import { type Credentials, findSession, SESSIONS_ENDED_CHANNEL, type Session } from "./sessions.ts";

const TTL_MS = 30_000;

interface Entry {
  session: Session;
  tokenHash: string;
  cachedAt: number;
}

/**
 * Sessions checked recently, so most requests skip the lookup. Every process LISTENs for ended
 * sessions (sign-out, password change, a device dropped) and forgets that user's entries at once;
 * a lookup that raced any ending does not cache what it read.
 */
export class SessionCache {
  readonly #pool: Pool;
  readonly #entries = new Map<string, Entry>();
  /** Moves on at every ending, so a lookup that overlapped one knows. */
  #epoch = 0;
  readonly #notifications: Notifications;

  private constructor(pool: Pool, notifications: Notifications) {
    this.#pool = pool;
    this.#notifications = notifications;
  }

  static async open(pool: Pool, notifications: Notifications): Promise<SessionCache> {
    const cache = new SessionCache(pool, notifications);
    await notifications.listen(SESSIONS_ENDED_CHANNEL, (userId) => cache.forgetUser(userId));
    return cache;
  }

  async find(credentials: Credentials, now: Date): Promise<Session | null> {
    const key = `${credentials.uid.toLowerCase()}\n${credentials.client}`;
    const tokenHash = hashSecret(credentials.accessToken);
    const cached = this.#entries.get(key);
    if (
      this.#notifications.healthy &&
      cached &&
      cached.tokenHash === tokenHash &&
      now.getTime() - cached.cachedAt < TTL_MS &&
      cached.session.expiry * 1000 > now.getTime()
    ) {
      return cached.session;
    }
    const epoch = this.#epoch;
    const session = await findSession(this.#pool, credentials, now);
    if (!session) {
      this.#entries.delete(key);
      return null;
    }
    if (this.#epoch === epoch && this.#entries.size < 100_000) {
      this.#entries.set(key, { session, tokenHash, cachedAt: now.getTime() });
    }
    return session;
  }

  forgetUser(userId: string): void {
    this.#epoch++;
    for (const [key, entry] of this.#entries) if (entry.session.userId === userId) this.#entries.delete(key);
  }
}
