import type { UserRow } from "@hirestream/contracts/accounts/rows.ts";
import { markLoadStep } from "../load-steps.ts";
import type { RejectedError } from "./http-answer.ts";
import { type Command, mutate, OutboxFlusher, wipeReplica } from "./outbox.ts";
import { ReplicaDb, type Stored } from "./replica-db.ts";
import { REPLICA_DB_NAME } from "./replica-name.ts";
import type { ReplicaSchemas } from "./replica-versions.ts";
import { readSignedInUser } from "./signed-in-user.ts";
import { type Persistence, requestPersistentStorage, type StorageManagerLike } from "./storage/persistent-storage.ts";
import { forgetReplicaRecord, type RecordStore } from "./storage/replica-record.ts";
import { StorageGuard } from "./storage/storage-guard.ts";
import type { StorageNotice } from "./storage/storage-notice.ts";
import { SyncClient } from "./sync-client.ts";
import type { StartedSocket, SyncCredentials, SyncStatus } from "./sync-socket.ts";
import { browserLocks, type TabLocks } from "./tab-locks.ts";
import { TabPeers } from "./tab-peers.ts";

export { REPLICA_DB_NAME };

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
  /**
   * The schemas the replica opens with (replica-versions.ts): `latest` when the page found the
   * profile's replica missing or at the latest version; every version otherwise.
   */
  schemas?: ReplicaSchemas;
  /** Storage honesty (storage/storage-guard.ts): what to tell the user about the offline copy's space. */
  onStorageNotice?: (notice: StorageNotice | null) => void;
  onChangeNotSaved?: () => void;
  /** `navigator.storage` where the page has one; asked to keep the replica from eviction. */
  storageManager?: StorageManagerLike | undefined;
  /** Where the replica's fill is remembered outside it (localStorage), to tell an eviction from a first visit. */
  records?: RecordStore | null;
  /** Web Locks to share one connection among tabs; by default the browser's, which insecure pages lack. */
  locks?: TabLocks | null;
  /** What the screen will show, known before it renders (route-focus.ts): said in the first hello. */
  focus?: readonly string[];
  /** The socket the page opened as it started (early-sync/), for this tab's first connection if it leads. */
  takeSocket?: () => StartedSocket | null;
  /**
   * Whether that socket is there, not yet taken: the replica then opens once this tab leads (or
   * LEAD_WAIT_MS passed), so that the sync client takes what came on it and starts writing the
   * screen's first rows before the screens' first render, which holds the page for a while.
   */
  socketWaiting?: () => boolean;
}

/** Longest an opening replica waits to lead before it lets the screens render (`socketWaiting`). */
const LEAD_WAIT_MS = 200;

/** The connection to the server, held by one tab for all tabs of the profile. */
interface Leadership {
  sync: SyncClient;
  readonly flusher: OutboxFlusher;
}

/**
 * The replica of one signed-in user at work: the Dexie database, and, in the one tab that leads,
 * the sync client filling it and the flusher sending its outbox. The other tabs read and write
 * the same database (Dexie tells each tab's screens of the others' writes) and ask the leader to
 * send what they queue. Writes go through `mutate`, which also starts a flush.
 */
export class ReplicaRuntime {
  readonly db: ReplicaDb;
  /**
   * The signed-in user's row as the replica held it when it opened: the screens' first render
   * knows who is signed in without waiting for a read of its own (use-current-user.ts).
   */
  openedUser: Stored<UserRow> | undefined = undefined;
  readonly #options: ReplicaRuntimeOptions;
  readonly #storage: StorageGuard;
  /** Null without Web Locks (an insecure page): this tab then syncs on its own. */
  readonly #peers: TabPeers | null;
  #leadership: Leadership | null = null;
  /** Leader: the server's reason for refusing this page's origin, passed on with the status. */
  #refusal: string | null = null;
  /** What this tab's screen shows, most wanted first; the leader syncs its tab's focus, or the last one asked of it. */
  #focus: readonly string[] = [];
  readonly #onOnline = () => {
    this.#leadership?.sync.reconnectNow();
    this.flush();
  };
  #closed = false;
  /** Resolves the wait of an opening replica for this tab to lead (`socketWaiting`). */
  #led: () => void = () => {};

  private constructor(db: ReplicaDb, options: ReplicaRuntimeOptions) {
    this.db = db;
    this.#options = options;
    this.#focus = [...(options.focus ?? [])];
    this.#storage = this.#newStorageGuard();
    const locks = options.locks === undefined ? browserLocks() : options.locks;
    this.#peers = locks
      ? new TabPeers({
          name: db.name,
          uid: options.uid,
          locks,
          onLead: () => this.#lead(),
          onFlushAsked: () => this.flush(),
          onFocusAsked: (scopes) => this.#leadership?.sync.focus(scopes),
          onResyncAsked: () => this.#resync(),
          onStatus: (status, refusal) => this.#showStatus(status, refusal),
          onRejected: options.onRejected,
          onSessionExpired: options.onSessionExpired,
          onRetire: () => this.#retire(),
          stillQueued: async (ids) => (await db.outbox.where("id").anyOf(ids).toArray()).map((entry) => entry.id),
        })
      : null;
  }

  /** Storage hooks: the guard pauses the sync to drop rows, then syncs afresh with a new client. */
  #newStorageGuard(): StorageGuard {
    const options = this.#options;
    return new StorageGuard({
      db: this.db,
      uid: options.uid,
      dbName: this.db.name,
      pauseSync: async () => {
        const sync = this.#leadership?.sync;
        if (!sync) return;
        sync.stop();
        await sync.idle();
      },
      resumeSync: () => {
        // A follower's rows were dropped under the leader's feet: the leader syncs afresh.
        if (this.#leadership) this.#resync();
        else this.#peers?.askResync();
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
    let db = new ReplicaDb(name, undefined, options.schemas);
    const owner = await db.meta.get("owner");
    markLoadStep("replica-open");
    if (owner && owner.value !== options.uid) {
      await db.delete();
      // Replaced on purpose: the other user's record must not read as an eviction later.
      forgetReplicaRecord(options.records ?? null, name);
      // Made anew, at the latest version: nothing to upgrade.
      db = new ReplicaDb(name, undefined, "latest");
    }
    // Written only when new: on a full disk, the replica already held still opens.
    if (owner?.value !== options.uid) await db.meta.put({ key: "owner", value: options.uid });
    const runtime = new ReplicaRuntime(db, options);
    const [user] = await Promise.all([
      readSignedInUser(db, options.uid),
      runtime.#storage.start(owner?.key === "owner" ? owner.value : undefined),
    ]);
    runtime.openedUser = user;
    const led = options.socketWaiting?.() ? runtime.#leading() : null;
    runtime.#start();
    await led;
    markLoadStep("replica-ready");
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

  /** Once this tab leads, or LEAD_WAIT_MS passed (another tab leads, or is letting go). */
  #leading(): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, LEAD_WAIT_MS);
      this.#led = () => {
        clearTimeout(timer);
        resolve();
      };
    });
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
    const sync = this.#newSync();
    this.#leadership = { sync, flusher };
    window.addEventListener("online", this.#onOnline);
    sync.start();
    this.flush();
    this.#led();
  }

  /** The leader's sync client; a new one after a quota error, which reads the replica's emptied cursor. */
  #newSync(): SyncClient {
    const options = this.#options;
    const sync: SyncClient = new SyncClient({
      url: options.syncUrl,
      takeSocket: options.takeSocket,
      credentials: options.credentials,
      db: this.db,
      onSessionExpired: () => this.#sessionExpired(),
      onRefused: (detail) => {
        this.#refusal = detail;
        options.onRefused?.(detail);
        this.#peers?.publishStatus(sync.status, detail);
      },
      // Storage hook: a message the replica could not store may mean the disk is full.
      onError: (error) => this.#storage.failed(error, "sync"),
      onStatus: (status) => {
        // Back in touch with the server: whatever waited for the network goes now, not at its backoff.
        if (status === "live") this.flush();
        // Storage hook: caught up, the replica is whole again (a client already replaced says nothing).
        if (status === "live" && sync === this.#leadership?.sync) void this.#storage.synced();
        options.onStatus(status);
        this.#peers?.publishStatus(status, this.#refusal);
      },
    });
    sync.focus(this.#focus);
    return sync;
  }

  /** Leader: syncs afresh from what the replica now holds (its synced rows were dropped for space). */
  #resync(): void {
    const leadership = this.#leadership;
    if (this.#closed || !leadership) return;
    leadership.sync.stop();
    leadership.sync = this.#newSync();
    leadership.sync.start();
  }

  /** Applies the command's optimistic change and queues it; sending starts at once when online. */
  async mutate(command: Command): Promise<string> {
    // Storage hook: out of space, the replica makes room and the write is tried once more.
    const id = await this.#storage.guardWrite(() => mutate(this.db, command));
    if (this.#leadership) this.flush();
    else this.#peers?.askFlush([id]);
    return id;
  }

  /** The screen shows rows of these scopes, most wanted first: sync sends them first. */
  focus(scopes: readonly string[]): void {
    this.#focus = [...scopes];
    if (this.#leadership) this.#leadership.sync.focus(scopes);
    else this.#peers?.askFocus(scopes);
  }

  flush(): void {
    if (this.#closed) return;
    if (!this.#leadership) {
      this.#peers?.askFlush();
      return;
    }
    // Storage hook: a settlement the disk had no room for makes room like any other write.
    this.#leadership.flusher.flush().catch((error: unknown) => this.#storage.failed(error, "outbox flush"));
  }

  /** Stops syncing and sending; the database stays on disk for the next sign-in of the same user. */
  close(): void {
    this.#retire();
    this.db.close();
  }

  /** Sign-out: the replica holds candidates' personal data, so all of it goes, outbox included. */
  async wipe(): Promise<void> {
    this.close();
    forgetReplicaRecord(this.#options.records ?? null, this.db.name);
    await wipeReplica(this.db);
  }

  /**
   * Stops talking to the server for good, and lets another tab lead. The database stays open:
   * its screens still read it until they unmount (a sign-out in another tab deletes it under them).
   */
  #retire(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#storage.close();
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
