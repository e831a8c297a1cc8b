import { ACCESS_CHANNEL, CHANGES_CHANNEL } from "@hirestream/projector/project-batch.ts";
import type { Pool } from "pg";
import { findSession, SESSIONS_ENDED_CHANNEL } from "../auth/sessions.ts";
import type { Notifications } from "../http/notifications.ts";
import { accessCheckpointOf, checkpointOf } from "./change-feed.ts";
import type { SyncConnection } from "./sync-connection.ts";

/**
 * Every open sync socket of this process. The projector's NOTIFY (and a slow poll, in case one
 * is missed) moves them on, and has them work out their scopes again when memberships, roles or
 * projects changed; an ended session closes its sockets.
 */
export class SyncHub {
  readonly #pool: Pool;
  readonly #clock: () => Date;
  readonly #connections = new Set<SyncConnection>();
  #poll: NodeJS.Timeout | undefined;
  #head = 0;
  /** The last position at which access changed, as far as this hub knows. */
  #access = 0;

  constructor(pool: Pool, clock: () => Date) {
    this.#pool = pool;
    this.#clock = clock;
  }

  async start(notifications: Notifications): Promise<void> {
    await notifications.listen(ACCESS_CHANNEL, (position) => this.#rescopeAt(Number(position)));
    await notifications.listen(CHANGES_CHANNEL, (position) => this.#advanceTo(Number(position)));
    await notifications.listen(SESSIONS_ENDED_CHANNEL, (userId) => void this.#recheck(userId));
    [this.#head, this.#access] = await Promise.all([checkpointOf(this.#pool), accessCheckpointOf(this.#pool)]);
    this.#poll = setInterval(() => {
      Promise.all([checkpointOf(this.#pool), accessCheckpointOf(this.#pool)]).then(
        ([head, access]) => {
          this.#rescopeAt(access);
          this.#advanceTo(head);
        },
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
    // As its catch-up starts: live changes go out while it runs (sync-connection.ts). Access is
    // worked out again once the catch-up's own read is done: a change notified meanwhile reached
    // no connection of this user.
    void connection.rescope(this.#head);
  }

  detach(connection: SyncConnection): void {
    this.#connections.delete(connection);
  }

  #rescopeAt(position: number): void {
    if (position <= this.#access) return;
    this.#access = position;
    this.#head = Math.max(this.#head, position);
    for (const connection of this.#connections) void connection.rescope(this.#head);
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
