import { liveQuery, type Subscription } from "dexie";
import { type Clock, systemClock } from "../clock.ts";
import type { ReplicaDb } from "../replica-db.ts";
import { readSyncState } from "../sync-state.ts";
import { dropSyncedRows } from "./drop-synced-rows.ts";
import { isQuotaError } from "./quota-error.ts";
import { evictedBetweenVisits, type RecordStore, readReplicaRecord, writeReplicaRecord } from "./replica-record.ts";
import type { StorageNotice } from "./storage-notice.ts";

export interface StorageGuardOptions {
  db: ReplicaDb;
  uid: string;
  dbName: string;
  /** Stops applying sync messages; resolves once none is being applied. */
  pauseSync: () => Promise<void>;
  /** Syncs again from what the replica holds: from cursor 0 once its rows were dropped. */
  resumeSync: () => void;
  /** Whether the session is still there: a sign-out clears the site's data on purpose. */
  signedIn: () => boolean;
  onNotice: (notice: StorageNotice | null) => void;
  /** A user's change could not be stored, even after the replica made room. */
  onChangeNotSaved: () => void;
  records: RecordStore | null;
  clock?: Clock;
}

/**
 * Waits before each fresh sync after the first in a row that ran out of space: at once, then
 * 15 s, a minute, then every five minutes, so a disk that stays full costs no busy loop.
 */
export const QUOTA_RETRY_MS = [0, 15_000, 60_000, 300_000] as const;
/**
 * A sign-out clears the site's data (Clear-Site-Data) about when it ends the session: after the
 * database is deleted under this tab, the session gets this long to show it is gone.
 */
export const SIGN_OUT_SETTLE_MS = 1_500;

/**
 * Keeps the replica honest about its storage: a quota error drops the synced rows (never the
 * outbox) and syncs afresh, retrying at growing intervals while space stays short; a database the
 * browser deleted, under this tab or between visits, is told and refilled. Every such event
 * becomes a notice in words.
 */
export class StorageGuard {
  readonly #options: StorageGuardOptions;
  readonly #clock: Clock;
  /** Quota failures since the replica was last whole. */
  #failures = 0;
  #recovering: Promise<void> | null = null;
  #cancelRetry: (() => void) | null = null;
  #notice: StorageNotice | null = null;
  /** Changes waiting to be sent, as last seen: what an eviction takes with it. */
  #pending = 0;
  #cursor = 0;
  #watch: Subscription | null = null;
  #closed = false;

  constructor(options: StorageGuardOptions) {
    this.#options = options;
    this.#clock = options.clock ?? systemClock;
  }

  /**
   * Call once the replica is open, with the owner it named before this sign-in claimed it
   * (undefined when it held nothing): an empty replica this user had filled here was evicted.
   */
  async start(heldOwner: string | undefined): Promise<void> {
    const { db, uid, dbName, records } = this.#options;
    const record = readReplicaRecord(records, dbName);
    if (evictedBetweenVisits(record, uid, heldOwner)) {
      this.#notify({ cause: "evicted", phase: "refetching", retryAt: null, lostChanges: record?.pending ?? 0 });
    }
    this.#cursor = record?.owner === uid ? record.cursor : 0;
    this.#cursor = Math.max(this.#cursor, (await readSyncState(db)).cursor);
    // Sticky: called now (the database is open) and on every later open, the reopen after an eviction included.
    db.on("ready", () => this.#watchClose(), true);
    this.#watchPending();
  }

  /** The sync reached the server's present: the replica is whole. */
  async synced(): Promise<void> {
    if (this.#closed) return;
    this.#cursor = (await readSyncState(this.#options.db)).cursor;
    this.#failures = 0;
    this.#remember();
    if (this.#notice && this.#notice.phase !== "done") this.#notify({ ...this.#notice, phase: "done", retryAt: null });
  }

  /**
   * A write of the replica's own failed (a sync message, an outbox settlement): out of space, the
   * replica starts over; anything else is only logged, as before, for its own retries to handle.
   */
  failed(error: unknown, what: string): void {
    if (!isQuotaError(error)) {
      console.error(`${what} failed`, error);
      return;
    }
    void this.#recover();
  }

  /** Runs a write of the user's; out of space, the replica makes room and the write is tried once more. */
  async guardWrite<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (!isQuotaError(error)) throw error;
      await this.#recover();
    }
    try {
      return await write();
    } catch (error) {
      if (isQuotaError(error)) this.#options.onChangeNotSaved();
      throw error;
    }
  }

  /** The user asked not to wait: the next fresh sync starts now. */
  retryNow(): void {
    this.#cancelRetry?.();
    this.#cancelRetry = null;
    if (this.#closed || this.#recovering) return;
    if (this.#notice?.phase === "waiting") this.#notify({ ...this.#notice, phase: "refetching", retryAt: null });
    this.#options.resumeSync();
  }

  close(): void {
    this.#closed = true;
    this.#cancelRetry?.();
    this.#cancelRetry = null;
    this.#watch?.unsubscribe();
    this.#watch = null;
  }

  #recover(): Promise<void> {
    if (this.#recovering) return this.#recovering;
    const run = this.#recoverOnce().finally(() => {
      this.#recovering = null;
    });
    this.#recovering = run;
    return run;
  }

  async #recoverOnce(): Promise<void> {
    this.#cancelRetry?.();
    this.#cancelRetry = null;
    this.#failures += 1;
    await this.#options.pauseSync();
    if (this.#closed) return;
    let dropped = true;
    try {
      await dropSyncedRows(this.#options.db);
    } catch (error) {
      // Still a consistent replica, only not emptied: no fresh sync at once, the next try syncs on from its cursor.
      console.error("replica rows could not be dropped", error);
      dropped = false;
    }
    if (this.#closed) return;
    const step = dropped ? this.#failures : Math.max(this.#failures, 2);
    const delay = QUOTA_RETRY_MS[Math.min(step, QUOTA_RETRY_MS.length) - 1] ?? 0;
    const lostChanges = this.#notice?.lostChanges ?? 0;
    if (delay === 0) {
      this.#notify({ cause: "quota", phase: "refetching", retryAt: null, lostChanges });
      this.#options.resumeSync();
      return;
    }
    this.#notify({ cause: "quota", phase: "waiting", retryAt: this.#clock.now() + delay, lostChanges });
    this.#cancelRetry = this.#clock.schedule(() => this.retryNow(), delay);
  }

  #watchClose(): void {
    if (this.#closed) return;
    // The close event comes only when the browser ends the connection itself (its data cleared),
    // never from close() here or a deletion by another tab (versionchange).
    this.#options.db.backendDB().addEventListener("close", () => void this.#afterForcedClose(), { once: true });
  }

  async #afterForcedClose(): Promise<void> {
    if (this.#closed) return;
    const lostChanges = this.#pending;
    await this.#options.pauseSync();
    await new Promise<void>((resolve) => this.#clock.schedule(resolve, SIGN_OUT_SETTLE_MS));
    if (this.#closed || !this.#options.signedIn()) return;
    const { db, uid } = this.#options;
    // Dexie reopens on this first read; an emptied database comes back with no owner.
    const owner = await db.meta.get("owner");
    if (owner !== undefined && owner.value !== uid) return;
    this.#watchPending();
    if (owner === undefined) {
      await db.meta.put({ key: "owner", value: uid });
      this.#notify({ cause: "evicted", phase: "refetching", retryAt: null, lostChanges });
    }
    this.#options.resumeSync();
  }

  #watchPending(): void {
    this.#watch?.unsubscribe();
    this.#watch = liveQuery(() => this.#options.db.outbox.count()).subscribe({
      next: (count) => {
        this.#pending = count;
        this.#remember();
      },
      error: (error: unknown) => console.error("outbox count failed", error),
    });
  }

  #remember(): void {
    const { records, dbName, uid } = this.#options;
    if (this.#closed) return;
    writeReplicaRecord(records, dbName, { owner: uid, cursor: this.#cursor, pending: this.#pending });
  }

  #notify(notice: StorageNotice): void {
    this.#notice = notice;
    this.#options.onNotice(notice);
  }
}
