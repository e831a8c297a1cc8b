import type { RejectedError } from "./http-answer.ts";
import { type Command, mutate, OutboxFlusher, wipeReplica } from "./outbox.ts";
import { ReplicaDb } from "./replica-db.ts";
import { type Persistence, requestPersistentStorage, type StorageManagerLike } from "./storage/persistent-storage.ts";
import { forgetReplicaRecord, type RecordStore } from "./storage/replica-record.ts";
import { StorageGuard } from "./storage/storage-guard.ts";
import type { StorageNotice } from "./storage/storage-notice.ts";
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
  /** Storage honesty (storage/storage-guard.ts): what to tell the user about the offline copy's space. */
  onStorageNotice?: (notice: StorageNotice | null) => void;
  onChangeNotSaved?: () => void;
  /** `navigator.storage` where the page has one; asked to keep the replica from eviction. */
  storageManager?: StorageManagerLike | undefined;
  /** Where the replica's fill is remembered outside it (localStorage), to tell an eviction from a first visit. */
  records?: RecordStore | null;
}

/**
 * The replica of one signed-in user at work: the Dexie database, the sync client filling it and
 * the flusher sending its outbox. Writes go through `mutate`, which also starts a flush.
 */
export class ReplicaRuntime {
  readonly db: ReplicaDb;
  #sync: SyncClient;
  readonly #flusher: OutboxFlusher;
  readonly #storage: StorageGuard;
  readonly #options: ReplicaRuntimeOptions;
  readonly #onOnline = () => {
    this.#sync.reconnectNow();
    this.flush();
  };
  #closed = false;

  private constructor(db: ReplicaDb, options: ReplicaRuntimeOptions) {
    this.db = db;
    this.#options = options;
    this.#flusher = new OutboxFlusher({
      db,
      baseUrl: options.apiBase,
      headers: options.headers,
      onRejected: options.onRejected,
      onUnauthorized: options.onSessionExpired,
    });
    this.#sync = this.#newSync();
    this.#storage = this.#newStorageGuard();
  }

  #newSync(): SyncClient {
    const options = this.#options;
    const client: SyncClient = new SyncClient({
      url: options.syncUrl,
      credentials: options.credentials,
      db: this.db,
      onSessionExpired: options.onSessionExpired,
      ...(options.onRefused ? { onRefused: options.onRefused } : {}),
      // Storage hook: a message the replica could not store may mean the disk is full.
      onError: (error) => this.#storage.failed(error, "sync"),
      onStatus: (status) => {
        // Back in touch with the server: whatever waited for the network goes now, not at its backoff.
        if (status === "live") this.flush();
        // Storage hook: caught up, the replica is whole again (a client already replaced says nothing).
        if (status === "live" && client === this.#sync) void this.#storage.synced();
        options.onStatus(status);
      },
    });
    return client;
  }

  /** Storage hooks: the guard pauses the sync to drop rows, then syncs afresh with a new client. */
  #newStorageGuard(): StorageGuard {
    const options = this.#options;
    return new StorageGuard({
      db: this.db,
      uid: options.uid,
      dbName: this.db.name,
      pauseSync: () => {
        this.#sync.stop();
        return this.#sync.idle();
      },
      resumeSync: () => {
        if (this.#closed) return;
        this.#sync.stop();
        this.#sync = this.#newSync();
        this.#sync.start();
      },
      signedIn: () => options.credentials() !== null,
      onNotice: options.onStorageNotice ?? (() => {}),
      onChangeNotSaved: options.onChangeNotSaved ?? (() => {}),
      records: options.records ?? null,
    });
  }

  /** Opens the replica for `uid`, starting afresh when it held another user's rows. */
  static async open(options: ReplicaRuntimeOptions): Promise<ReplicaRuntime> {
    const name = options.dbName ?? REPLICA_DB_NAME;
    let db = new ReplicaDb(name);
    const owner = await db.meta.get("owner");
    if (owner && owner.value !== options.uid) {
      await db.delete();
      // Replaced on purpose: the other user's record must not read as an eviction later.
      forgetReplicaRecord(options.records ?? null, name);
      db = new ReplicaDb(name);
    }
    // Written only when new: on a full disk, the replica already held still opens.
    if (owner?.value !== options.uid) await db.meta.put({ key: "owner", value: options.uid });
    const runtime = new ReplicaRuntime(db, options);
    await runtime.#storage.start(owner?.key === "owner" ? owner.value : undefined);
    runtime.#start();
    return runtime;
  }

  /** Asks the browser to keep the replica until the user clears it (storage/persistent-storage.ts). */
  requestPersistence(): Promise<Persistence> {
    return requestPersistentStorage(this.#options.storageManager);
  }

  /** After a quota error, the user asked not to wait for the next try. */
  retryStorageNow(): void {
    this.#storage.retryNow();
  }

  #start(): void {
    window.addEventListener("online", this.#onOnline);
    this.#sync.start();
    this.flush();
  }

  /** Applies the command's optimistic change and queues it; sending starts at once when online. */
  async mutate(command: Command): Promise<string> {
    // Storage hook: out of space, the replica makes room and the write is tried once more.
    const id = await this.#storage.guardWrite(() => mutate(this.db, command));
    this.flush();
    return id;
  }

  /** The screen shows rows of these scopes, most wanted first: sync sends them first. */
  focus(scopes: readonly string[]): void {
    this.#sync.focus(scopes);
  }

  flush(): void {
    if (this.#closed) return;
    // Storage hook: a settlement the disk had no room for makes room like any other write.
    this.#flusher.flush().catch((error: unknown) => this.#storage.failed(error, "outbox flush"));
  }

  /** Stops syncing and sending; the database stays on disk for the next sign-in of the same user. */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#storage.close();
    window.removeEventListener("online", this.#onOnline);
    this.#sync.stop();
    this.#flusher.stop();
    this.db.close();
  }

  /** Sign-out: the replica holds candidates' personal data, so all of it goes, outbox included. */
  async wipe(): Promise<void> {
    this.close();
    forgetReplicaRecord(this.#options.records ?? null, this.db.name);
    await wipeReplica(this.db);
  }
}
