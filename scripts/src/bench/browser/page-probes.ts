import type { DomDocument, DomMutationObserverClass, IdbDatabase, IdbFactory } from "./dom.ts";

// Functions Playwright runs inside the app's page (page.evaluate, page.addInitScript). They are
// sent as source text, so each one stands alone: no imports, no helpers from this module.
// Times are `performance.now()` in the page (milliseconds since its navigation started) unless a
// field says it is wall-clock.

/** What the first-sync probe saw; null until it happened. */
export interface FirstSyncProbe {
  /** The Workspaces heading rendered (empty or not). */
  screenMs: number | null;
  /** The empty state ("You have no workspaces yet.") rendered while the replica was still filling. */
  emptyStateMs: number | null;
  /** The first table row (its Visible switch) rendered. */
  firstRowMs: number | null;
  /** The app opened its sync socket. */
  socketMs: number | null;
  /** The first frame after the socket opened (the first snapshot part) reached the page's JavaScript. */
  firstFrameMs: number | null;
  /** The largest frame (the big scope's snapshot) reached the page's JavaScript. */
  largestFrameMs: number | null;
  largestFrameChars: number;
  /** The replica's workspaces table first counted `expectedRows`. */
  replicaFullMs: number | null;
  replicaRows: number;
  /**
   * With `untilCaughtUp`: the replica first held a cursor, which its first catch-up writes with
   * `ready`, once every scope's rows are in (each row with every scope that holds it).
   */
  caughtUpMs: number | null;
}

/** Times of one snapshot applied by the replica's own code (replica-write.page.ts). */
export interface ReplicaTimes {
  /** The frame's text to a checked message: JSON.parse and the message schema. */
  parseMs: number;
  /** `applySnapshot` on a fresh, open ReplicaDb: row schemas, Dexie reads and writes, commit. */
  applyMs: number;
}

/** What the bench page (replica-write.page.ts) puts on `window`. Each run uses a fresh database. */
export interface ReplicaWriteBench {
  /** Keeps the snapshot frame for the runs; returns how many workspace rows it holds. */
  load(frame: string): number;
  /** Raw IndexedDB: the same rows as the replica stores them, put in one transaction; ms. */
  raw(run: number): Promise<number>;
  replica(run: number): Promise<ReplicaTimes>;
  /** Dexie's bulkPut of the stored rows into the replica's workspaces table; ms. */
  dexieBulkPut(run: number): Promise<number>;
}

/** A workspace's name as the screen showed it, `{prefix} {workspace} #{counter}`, when it first did. */
export interface RemoteNameSeen {
  workspace: number;
  counter: number;
  /** Wall-clock ms: the page's timeOrigin + performance.now(), to compare with the sender's clock. */
  at: number;
}

interface ProbeWindow {
  hirestreamFirstSync?: FirstSyncProbe;
  hirestreamRemote?: RemoteNameSeen[];
  hirestreamRemoteFrames?: RemoteNameSeen[];
  hirestreamRemoteCommits?: RemoteNameSeen[];
  hirestreamReplicaWrite?: ReplicaWriteBench;
  WebSocket: typeof WebSocket;
}
declare const window: ProbeWindow;
declare const document: DomDocument;
declare const indexedDB: IdbFactory;
declare const MutationObserver: DomMutationObserverClass;
declare const requestAnimationFrame: (callback: () => void) => number;
/** What the remote frame log uses of IndexedDB's object stores: `put`, on the page's own prototype. */
interface IdbPutTarget {
  name: string;
  transaction: { addEventListener(type: "complete", listener: () => void): void };
}
declare const IDBObjectStore: { prototype: { put(this: IdbPutTarget, value: unknown, key?: unknown): unknown } };

export interface FirstSyncProbeOptions {
  /** localStorage entries of a signed-in session (session-credentials.ts's keys). */
  credentials: Record<string, string>;
  dbName: string;
  table: string;
  expectedRows: number;
  /** Watch on, after `expectedRows`, for the end of the first catch-up (`caughtUpMs`). */
  untilCaughtUp?: boolean;
}

/**
 * Runs before the app's scripts (an init script): stores the session as a sign-in would, then
 * watches the screen, the sync socket and the replica's row count. The socket is observed by
 * subclassing the page's WebSocket, which adds a listener and changes nothing the app sees.
 */
export function installFirstSyncProbe(options: FirstSyncProbeOptions): void {
  for (const [key, value] of Object.entries(options.credentials)) localStorage.setItem(key, value);
  const probe: FirstSyncProbe = {
    screenMs: null,
    emptyStateMs: null,
    firstRowMs: null,
    socketMs: null,
    firstFrameMs: null,
    largestFrameMs: null,
    largestFrameChars: 0,
    replicaFullMs: null,
    replicaRows: 0,
    caughtUpMs: null,
  };
  window.hirestreamFirstSync = probe;

  const NativeSocket = window.WebSocket;
  window.WebSocket = class ObservedSocket extends NativeSocket {
    constructor(...args: ConstructorParameters<typeof WebSocket>) {
      super(...args);
      probe.socketMs ??= performance.now();
      this.addEventListener("message", (event) => {
        const data: unknown = event.data;
        probe.firstFrameMs ??= performance.now();
        if (typeof data !== "string" || data.length <= probe.largestFrameChars) return;
        probe.largestFrameChars = data.length;
        probe.largestFrameMs = performance.now();
      });
    }
  };

  const screen = new MutationObserver(() => {
    const now = performance.now();
    if (probe.screenMs === null && document.querySelector("h1")?.textContent === "Workspaces") probe.screenMs = now;
    if (probe.emptyStateMs === null && document.documentElement.textContent?.includes("You have no workspaces yet."))
      probe.emptyStateMs = now;
    if (document.querySelector('input[aria-label^="Visible: "]')) {
      probe.firstRowMs = now;
      screen.disconnect();
    }
  });
  screen.observe(document, { childList: true, subtree: true });

  // Raw IndexedDB, no Dexie: opened without a version, so it never upgrades the app's database,
  // and only once the app has created it (an open would otherwise create an empty one).
  const openExisting = () =>
    new Promise<IdbDatabase | null>((resolve) => {
      const request = indexedDB.open(options.dbName);
      request.onupgradeneeded = () => request.transaction?.abort();
      request.onerror = () => resolve(null);
      request.onsuccess = () => {
        const db = request.result;
        // The app may delete or upgrade its database: never be the connection that blocks it.
        db.onversionchange = () => db.close();
        resolve(db);
      };
    });
  const count = (db: IdbDatabase) =>
    new Promise<number>((resolve, reject) => {
      const request = db.transaction(options.table, "readonly").objectStore(options.table).count();
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
  // The replica's meta store (web/src/replica/sync-state.ts): the cursor, 0 until the first `ready`.
  const cursorOf = (db: IdbDatabase) =>
    new Promise<number>((resolve, reject) => {
      const request = db.transaction("meta", "readonly").objectStore("meta").get("cursor");
      request.onsuccess = () => {
        const entry = request.result;
        const value = typeof entry === "object" && entry !== null && "value" in entry ? entry.value : 0;
        resolve(typeof value === "number" ? value : 0);
      };
      request.onerror = () => reject(request.error);
    });
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const watchReplica = async () => {
    for (;;) {
      const names = await indexedDB.databases();
      const db = names.some((entry) => entry.name === options.dbName) ? await openExisting() : null;
      if (db?.objectStoreNames.contains(options.table)) {
        try {
          // A count waits for the write transaction ahead of it, so it lands just after a commit.
          for (;;) {
            if (probe.replicaFullMs === null) {
              probe.replicaRows = await count(db);
              if (probe.replicaRows >= options.expectedRows) probe.replicaFullMs = performance.now();
            }
            if (probe.replicaFullMs !== null && options.untilCaughtUp && (await cursorOf(db)) > 0)
              probe.caughtUpMs = performance.now();
            if (probe.replicaFullMs !== null && (!options.untilCaughtUp || probe.caughtUpMs !== null)) {
              db.close();
              return;
            }
            await pause(5);
          }
        } catch {
          // Closed under us (versionchange): open it again.
        }
      }
      db?.close();
      await pause(5);
    }
  };
  void watchReplica();
}

/** True once the probe saw both the replica full and a row on screen. */
export function firstSyncSettled(): boolean {
  const probe = window.hirestreamFirstSync;
  return probe !== undefined && probe.replicaFullMs !== null && probe.firstRowMs !== null;
}

export function readFirstSyncProbe(): FirstSyncProbe | null {
  return window.hirestreamFirstSync ?? null;
}

/** Stores a signed-in session before the app starts (an init script). */
export function storeCredentials(credentials: Record<string, string>): void {
  for (const [key, value] of Object.entries(credentials)) localStorage.setItem(key, value);
}

export interface ToggleTimes {
  /** Click to the switch's `data-checked` changing: React committed the replica's new row. */
  domMs: number;
  /** Click to the next animation frame after that: the frame that paints it. */
  frameMs: number;
}

/**
 * Clicks one Visible switch and times the screen's answer. Mantine's Switch is a controlled
 * checkbox: the native `checked` flips at once on a click and React puts it back until the new
 * value arrives from the replica (mutate → Dexie transaction → live query → render). What does
 * follow the replica is the `data-checked` attribute React writes on the input, so that is watched.
 */
export function toggleSwitch(label: string): Promise<ToggleTimes> {
  const input = document.querySelector(`input[aria-label=${JSON.stringify(label)}]`);
  if (!input) return Promise.reject(new Error(`no switch labelled ${label}`));
  const before = input.getAttribute("data-checked");
  return new Promise((resolve, reject) => {
    let started = 0;
    const timer = setTimeout(() => {
      observer.disconnect();
      reject(new Error(`${label}: the screen did not change within 5 s`));
    }, 5000);
    const observer = new MutationObserver(() => {
      if (input.getAttribute("data-checked") === before) return;
      const domMs = performance.now() - started;
      observer.disconnect();
      clearTimeout(timer);
      requestAnimationFrame(() => resolve({ domMs, frameMs: performance.now() - started }));
    });
    observer.observe(input, { attributes: true, attributeFilter: ["data-checked"] });
    started = performance.now();
    input.click();
  });
}

/** `data-checked` of each labelled switch, in order ("true", "false", or null when missing). */
export function switchStates(labels: string[]): (string | null)[] {
  return labels.map(
    (label) =>
      document.querySelector(`input[aria-label=${JSON.stringify(label)}]`)?.getAttribute("data-checked") ?? null,
  );
}

/** No row carries the Pending mark: every queued write has been accepted and synced back. */
export function nothingPending(): boolean {
  return document.querySelector('[title="Not saved on the server yet"]') === null;
}

// The bench page's calls, for page.evaluate.

export function replicaWriteReady(): boolean {
  return window.hirestreamReplicaWrite !== undefined;
}

export function loadSnapshotFrame(frame: string): number {
  const bench = window.hirestreamReplicaWrite;
  if (!bench) throw new Error("the bench page did not load");
  return bench.load(frame);
}

export function writeRaw(run: number): Promise<number> {
  const bench = window.hirestreamReplicaWrite;
  if (!bench) throw new Error("the bench page did not load");
  return bench.raw(run);
}

export function writeThroughReplica(run: number): Promise<ReplicaTimes> {
  const bench = window.hirestreamReplicaWrite;
  if (!bench) throw new Error("the bench page did not load");
  return bench.replica(run);
}

export function writeDexieBulkPut(run: number): Promise<number> {
  const bench = window.hirestreamReplicaWrite;
  if (!bench) throw new Error("the bench page did not load");
  return bench.dexieBulkPut(run);
}

/** The page's wall clock in ms, at the resolution of performance.now(). */
export function pageClock(): number {
  return performance.timeOrigin + performance.now();
}

/**
 * Records every new counter the screen shows in a link named `{prefix} {workspace} #{counter}`
 * (the workspaces table's name links), with the time it appeared.
 */
export function watchRemoteNames(prefix: string): void {
  const seen: RemoteNameSeen[] = [];
  const shown = new Map<number, number>();
  window.hirestreamRemote = seen;
  const pattern = new RegExp(`^${prefix} (\\d+) #(\\d+)$`);
  const scan = () => {
    const at = performance.timeOrigin + performance.now();
    for (const link of document.querySelectorAll("a")) {
      const match = pattern.exec(link.textContent ?? "");
      if (!match) continue;
      const workspace = Number(match[1]);
      const counter = Number(match[2]);
      if (counter <= (shown.get(workspace) ?? -1)) continue;
      shown.set(workspace, counter);
      seen.push({ workspace, counter, at });
    }
  };
  scan();
  new MutationObserver(scan).observe(document, { childList: true, subtree: true, characterData: true });
}

export function readRemoteNames(): RemoteNameSeen[] {
  return window.hirestreamRemote ?? [];
}

/** The screen has shown counter `finals[w]` (or a later one) for every workspace w. */
export function remoteNamesReached(finals: number[]): boolean {
  const seen = window.hirestreamRemote ?? [];
  return finals.every((final, workspace) =>
    seen.some((entry) => entry.workspace === workspace && entry.counter >= final),
  );
}

/**
 * An init script: records each new counter of `{prefix} {workspace} #{counter}` names as sync
 * frames deliver them to the page, before the app applies them (a subclass of the page's
 * WebSocket adds a listener; the app sees no difference).
 */
export function installRemoteFrameLog(prefix: string): void {
  const seen: RemoteNameSeen[] = [];
  const shown = new Map<number, number>();
  window.hirestreamRemoteFrames = seen;
  const pattern = new RegExp(`"${prefix} (\\d+) #(\\d+)"`, "g");
  const NativeSocket = window.WebSocket;
  window.WebSocket = class LoggedSocket extends NativeSocket {
    constructor(...args: ConstructorParameters<typeof WebSocket>) {
      super(...args);
      this.addEventListener("message", (event) => {
        const at = performance.timeOrigin + performance.now();
        const data: unknown = event.data;
        if (typeof data !== "string") return;
        for (const match of data.matchAll(pattern)) {
          const workspace = Number(match[1]);
          const counter = Number(match[2]);
          if (counter <= (shown.get(workspace) ?? -1)) continue;
          shown.set(workspace, counter);
          seen.push({ workspace, counter, at });
        }
      });
    }
  };
  // And when the replica's transaction writing each new counter's row completed: between the frame
  // and the screen, what is IndexedDB's (the transaction) and what the live queries' and React's.
  const committed: RemoteNameSeen[] = [];
  const stored = new Map<number, number>();
  window.hirestreamRemoteCommits = committed;
  const named = new RegExp(`^${prefix} (\\d+) #(\\d+)$`);
  const watched = new WeakMap<object, { workspace: number; counter: number }[]>();
  const put = IDBObjectStore.prototype.put;
  IDBObjectStore.prototype.put = function (this: IdbPutTarget, value: unknown, key?: unknown) {
    const name =
      this.name === "workspaces" && typeof value === "object" && value && "name" in value ? value.name : null;
    const match = typeof name === "string" ? named.exec(name) : null;
    if (match) {
      const transaction = this.transaction;
      let rows = watched.get(transaction);
      if (!rows) {
        const written: { workspace: number; counter: number }[] = [];
        rows = written;
        watched.set(transaction, written);
        transaction.addEventListener("complete", () => {
          const at = performance.timeOrigin + performance.now();
          for (const row of written) {
            if (row.counter <= (stored.get(row.workspace) ?? -1)) continue;
            stored.set(row.workspace, row.counter);
            committed.push({ ...row, at });
          }
        });
      }
      rows.push({ workspace: Number(match[1]), counter: Number(match[2]) });
    }
    return key === undefined ? put.call(this, value) : put.call(this, value, key);
  };
}

export function readRemoteFrames(): RemoteNameSeen[] {
  return window.hirestreamRemoteFrames ?? [];
}

export function readRemoteCommits(): RemoteNameSeen[] {
  return window.hirestreamRemoteCommits ?? [];
}
