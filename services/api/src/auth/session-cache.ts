import type { Pool, PoolClient } from "pg";
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
  #listener: PoolClient | undefined;

  constructor(pool: Pool) {
    this.#pool = pool;
  }

  async listen(): Promise<void> {
    const client = await this.#pool.connect();
    client.on("notification", (message) => {
      if (message.channel === SESSIONS_ENDED_CHANNEL && message.payload) this.forgetUser(message.payload);
    });
    client.on("error", () => this.#entries.clear());
    await client.query(`listen ${SESSIONS_ENDED_CHANNEL}`);
    this.#listener = client;
  }

  async close(): Promise<void> {
    this.#entries.clear();
    this.#listener?.release(true);
    this.#listener = undefined;
  }

  async find(credentials: Credentials, now: Date): Promise<Session | null> {
    const key = `${credentials.uid.toLowerCase()}\n${credentials.client}`;
    const tokenHash = hashSecret(credentials.accessToken);
    const cached = this.#entries.get(key);
    if (
      this.#listener &&
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
