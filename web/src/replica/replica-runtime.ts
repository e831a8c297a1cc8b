import type { RejectedError } from "./http-answer.ts";
import { type Command, mutate, OutboxFlusher, wipeReplica } from "./outbox.ts";
import { ReplicaDb } from "./replica-db.ts";
import { SyncClient, type SyncCredentials, type SyncStatus } from "./sync-client.ts";

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
}

/**
 * The replica of one signed-in user at work: the Dexie database, the sync client filling it and
 * the flusher sending its outbox. Writes go through `mutate`, which also starts a flush.
 */
export class ReplicaRuntime {
  readonly db: ReplicaDb;
  readonly #sync: SyncClient;
  readonly #flusher: OutboxFlusher;
  readonly #onOnline = () => {
    this.#sync.reconnectNow();
    this.flush();
  };
  #closed = false;

  private constructor(db: ReplicaDb, options: ReplicaRuntimeOptions) {
    this.db = db;
    this.#flusher = new OutboxFlusher({
      db,
      baseUrl: options.apiBase,
      headers: options.headers,
      onRejected: options.onRejected,
      onUnauthorized: options.onSessionExpired,
    });
    this.#sync = new SyncClient({
      url: options.syncUrl,
      credentials: options.credentials,
      db,
      onSessionExpired: options.onSessionExpired,
      ...(options.onRefused ? { onRefused: options.onRefused } : {}),
      onStatus: (status) => {
        // Back in touch with the server: whatever waited for the network goes now, not at its backoff.
        if (status === "live") this.flush();
        options.onStatus(status);
      },
    });
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
    window.addEventListener("online", this.#onOnline);
    this.#sync.start();
    this.flush();
  }

  /** Applies the command's optimistic change and queues it; sending starts at once when online. */
  async mutate(command: Command): Promise<string> {
    const id = await mutate(this.db, command);
    this.flush();
    return id;
  }

  /** The screen shows rows of these scopes, most wanted first: sync sends them first. */
  focus(scopes: readonly string[]): void {
    this.#sync.focus(scopes);
  }

  flush(): void {
    if (this.#closed) return;
    this.#flusher.flush().catch((error: unknown) => console.error("outbox flush failed", error));
  }

  /** Stops syncing and sending; the database stays on disk for the next sign-in of the same user. */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    window.removeEventListener("online", this.#onOnline);
    this.#sync.stop();
    this.#flusher.stop();
    this.db.close();
  }

  /** Sign-out: the replica holds candidates' personal data, so all of it goes, outbox included. */
  async wipe(): Promise<void> {
    this.close();
    await wipeReplica(this.db);
  }
}
