import type { RejectedError } from "./http-answer.ts";
import { type Command, mutate, OutboxFlusher, wipeReplica } from "./outbox.ts";
import { ReplicaDb } from "./replica-db.ts";
import { SyncClient, type SyncCredentials, type SyncStatus } from "./sync-client.ts";
import { browserLocks, type TabLocks } from "./tab-locks.ts";
import { TabPeers } from "./tab-peers.ts";

/** One database per browser profile: a second user signing in here replaces the first one's rows. */
export const REPLICA_DB_NAME = "hirestream-replica";

export interface ReplicaRuntimeOptions {
  /** The signed-in user's uid (email): whose rows the replica holds. */
  uid: string;
  /** Base of the HTTP API, e.g. `/api/v1`. */
  apiBase: string;
  /** ws(s)://…/api/v1/sync */
  syncUrl: string;
  credentials: () => SyncCredentials | null;
  headers: () => Record<string, string> | null;
  onRejected: (errors: RejectedError[]) => void;
  onSessionExpired: () => void;
  onStatus: (status: SyncStatus) => void;
  onRefused?: (detail: string) => void;
  dbName?: string;
  /** Web Locks to share one connection among tabs; by default the browser's, which insecure pages lack. */
  locks?: TabLocks | null;
}

/** The connection to the server, held by one tab for all tabs of the profile. */
interface Leadership {
  sync: SyncClient;
  flusher: OutboxFlusher;
}

/**
 * The replica of one signed-in user at work: the Dexie database, and, in the one tab that leads,
 * the sync client filling it and the flusher sending its outbox. The other tabs read and write
 * the same database (Dexie tells each tab's screens of the others' writes) and ask the leader to
 * send what they queue. Writes go through `mutate`, which also starts a flush.
 */
export class ReplicaRuntime {
  readonly db: ReplicaDb;
  readonly #options: ReplicaRuntimeOptions;
  /** Null without Web Locks (an insecure page): this tab then syncs on its own. */
  readonly #peers: TabPeers | null;
  #leadership: Leadership | null = null;
  /** Leader: the server's reason for refusing this page's origin, passed on with the status. */
  #refusal: string | null = null;
  readonly #onOnline = () => {
    this.#leadership?.sync.reconnectNow();
    this.flush();
  };
  #closed = false;

  private constructor(db: ReplicaDb, options: ReplicaRuntimeOptions) {
    this.db = db;
    this.#options = options;
    const locks = options.locks === undefined ? browserLocks() : options.locks;
    this.#peers = locks
      ? new TabPeers({
          name: db.name,
          uid: options.uid,
          locks,
          onLead: () => this.#lead(),
          onFlushAsked: () => this.flush(),
          onStatus: (status, refusal) => this.#showStatus(status, refusal),
          onRejected: options.onRejected,
          onSessionExpired: options.onSessionExpired,
          onRetire: () => this.#retire(),
          stillQueued: async (ids) => (await db.outbox.where("id").anyOf(ids).toArray()).map((entry) => entry.id),
        })
      : null;
  }

  /** Opens the replica for `uid`, starting afresh when it held another user's rows. */
  static async open(options: ReplicaRuntimeOptions): Promise<ReplicaRuntime> {
    const name = options.dbName ?? REPLICA_DB_NAME;
    let db = new ReplicaDb(name);
    const owner = await db.meta.get("owner");
    if (owner && owner.value !== options.uid) {
      await db.delete();
      db = new ReplicaDb(name);
    }
    await db.meta.put({ key: "owner", value: options.uid });
    const runtime = new ReplicaRuntime(db, options);
    runtime.#start();
    return runtime;
  }

  #start(): void {
    if (this.#peers) {
      // Until the leader answers, or this tab leads itself.
      this.#options.onStatus("connecting");
      this.#peers.start();
    } else this.#lead();
  }

  /** This tab now talks to the server for all: connect, and send what any tab left in the outbox. */
  #lead(): void {
    if (this.#closed || this.#leadership) return;
    const db = this.db;
    const options = this.#options;
    const flusher = new OutboxFlusher({
      db,
      baseUrl: options.apiBase,
      headers: options.headers,
      onRejected: (errors, command) => this.#rejected(command, errors),
      onUnauthorized: () => this.#sessionExpired(),
    });
    const sync = new SyncClient({
      url: options.syncUrl,
      credentials: options.credentials,
      db,
      onSessionExpired: () => this.#sessionExpired(),
      onRefused: (detail) => {
        this.#refusal = detail;
        options.onRefused?.(detail);
        this.#peers?.publishStatus(sync.status, detail);
      },
      onStatus: (status) => {
        // Back in touch with the server: whatever waited for the network goes now, not at its backoff.
        if (status === "live") this.flush();
        options.onStatus(status);
        this.#peers?.publishStatus(status, this.#refusal);
      },
    });
    this.#leadership = { sync, flusher };
    window.addEventListener("online", this.#onOnline);
    sync.start();
    this.flush();
  }

  /** Applies the command's optimistic change and queues it; sending starts at once when online. */
  async mutate(command: Command): Promise<string> {
    const id = await mutate(this.db, command);
    if (this.#leadership) this.flush();
    else this.#peers?.askFlush([id]);
    return id;
  }

  flush(): void {
    if (this.#closed) return;
    if (!this.#leadership) {
      this.#peers?.askFlush();
      return;
    }
    this.#leadership.flusher.flush().catch((error: unknown) => console.error("outbox flush failed", error));
  }

  /** Stops syncing and sending; the database stays on disk for the next sign-in of the same user. */
  close(): void {
    this.#retire();
    this.db.close();
  }

  /** Sign-out: the replica holds candidates' personal data, so all of it goes, outbox included. */
  async wipe(): Promise<void> {
    this.close();
    await wipeReplica(this.db);
  }

  /**
   * Stops talking to the server for good, and lets another tab lead. The database stays open:
   * its screens still read it until they unmount (a sign-out in another tab deletes it under them).
   */
  #retire(): void {
    if (this.#closed) return;
    this.#closed = true;
    window.removeEventListener("online", this.#onOnline);
    this.#leadership?.sync.stop();
    this.#leadership?.flusher.stop();
    this.#leadership = null;
    void this.#peers?.close();
  }

  /** Follower: the leader's sync status, shown as if this tab's own. */
  #showStatus(status: SyncStatus, refusal: string | null): void {
    if (refusal !== null) this.#options.onRefused?.(refusal);
    this.#options.onStatus(status);
  }

  #rejected(command: string, errors: RejectedError[]): void {
    if (!this.#peers) {
      this.#options.onRejected(errors);
      return;
    }
    this.#peers.rejected(command, errors).catch((error: unknown) => {
      console.error("refusal could not reach its tab", error);
      this.#options.onRejected(errors);
    });
  }

  #sessionExpired(): void {
    this.#peers?.sessionExpired();
    this.#options.onSessionExpired();
  }
}
