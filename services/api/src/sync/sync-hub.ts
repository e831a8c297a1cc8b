import { CHANGES_CHANNEL } from "@hirestream/projector/project-batch.ts";
import type { Pool } from "pg";
import { findSession, SESSIONS_ENDED_CHANNEL } from "../auth/sessions.ts";
import type { Notifications } from "../http/notifications.ts";
import { checkpointOf } from "./change-feed.ts";
import type { SyncConnection } from "./sync-connection.ts";

/**
 * Every open sync socket of this process. The projector's NOTIFY (and a slow poll, in case one
 * is missed) moves them on; an ended session closes its sockets.
 */
export class SyncHub {
  readonly #pool: Pool;
  readonly #clock: () => Date;
  readonly #connections = new Set<SyncConnection>();
  #poll: NodeJS.Timeout | undefined;
  #head = 0;

  constructor(pool: Pool, clock: () => Date) {
    this.#pool = pool;
    this.#clock = clock;
  }

  async start(notifications: Notifications): Promise<void> {
    await notifications.listen(CHANGES_CHANNEL, (position) => this.#advanceTo(Number(position)));
    await notifications.listen(SESSIONS_ENDED_CHANNEL, (userId) => void this.#recheck(userId));
    this.#head = await checkpointOf(this.#pool);
    this.#poll = setInterval(() => {
      checkpointOf(this.#pool).then(
        (head) => this.#advanceTo(head),
        () => undefined,
      );
      this.#expireLapsed();
    }, 1000);
  }

  async stop(): Promise<void> {
    clearInterval(this.#poll);
    for (const connection of this.#connections) connection.close(1001, "server stopping");
    this.#connections.clear();
  }

  attach(connection: SyncConnection): void {
    this.#connections.add(connection);
    // Whatever committed while it was starting.
    void connection.advance(this.#head);
  }

  detach(connection: SyncConnection): void {
    this.#connections.delete(connection);
  }

  #advanceTo(head: number): void {
    if (head <= this.#head) return;
    this.#head = head;
    for (const connection of this.#connections) void connection.advance(head);
  }

  /** The user's sessions changed: every socket of theirs whose session is gone closes. */
  async #recheck(userId: string): Promise<void> {
    for (const connection of this.#connections) {
      if (connection.userId !== userId) continue;
      const session = await findSession(this.#pool, connection.credentials, this.#clock()).catch(() => null);
      if (!session) connection.expire();
    }
  }

  /** Sessions also end by running out of time. */
  #expireLapsed(): void {
    const now = this.#clock().getTime();
    for (const connection of this.#connections) if (connection.expiresAt <= now) connection.expire();
  }
}
