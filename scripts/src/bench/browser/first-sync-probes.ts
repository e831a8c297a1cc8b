import type { DomDocument, DomMutationObserverClass, IdbDatabase, IdbFactory, IdbRequest } from "./dom.ts";

// Functions Playwright runs inside the app's page (page.evaluate, page.addInitScript). They are
// sent as source text, so each one stands alone: no imports, no helpers from this module.
// Times are `performance.now()` in the page (milliseconds since its navigation started) unless a
// field says it is wall-clock.
// The first sync of a fresh profile: the screen, the sync socket and the replica's row count.

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
   * With `untilCaughtUp`: the replica first held a cursor and no scope still coming, as its first
   * catch-up leaves it with `ready`, once every scope's rows are in (each row with every scope that
   * holds it). A cursor alone is not enough: a first sync moves it before its snapshots' many rows.
   */
  caughtUpMs: number | null;
  /** The app's load steps (load-steps.ts) as the probe is read: each one's first time. */
  steps?: Record<string, number>;
}

interface ProbeWindow {
  hirestreamFirstSync?: FirstSyncProbe;
  WebSocket: typeof WebSocket;
}
declare const window: ProbeWindow;
declare const document: DomDocument;
declare const indexedDB: IdbFactory;
declare const MutationObserver: DomMutationObserverClass;

export interface FirstSyncProbeOptions {
  /** localStorage entries of a signed-in session (session-credentials.ts's keys). */
  credentials: Record<string, string>;
  dbName: string;
  table: string;
  expectedRows: number;
  /** Watch on, after `expectedRows`, for the end of the first catch-up (`caughtUpMs`). */
  untilCaughtUp?: boolean;
  /**
   * The rows held, read from one numeric field of one row the replica keeps in the same
   * transaction as them (a project's pipeline counts), instead of counting `table`: IndexedDB
   * counts by walking the store, in the browser process's IndexedDB sequence that also runs the
   * replica's writes, which wait for it.
   */
  countFrom?: { store: string; key: string; field: string };
  /**
   * A User Timing mark the app sets once the rows are committed (load-steps.ts): the table is
   * counted only once the mark is there, and the replica is full from the mark's time if the count
   * then holds `expectedRows`. Each count is a transaction that the replica's next write waits
   * behind, and a renderer round trip before it ends, so counts taken during the sync slow the
   * very writes they time; raw IndexedDB's reference has no probe beside it.
   */
  writtenMark?: string;
}

/**
 * Runs before the app's scripts (an init script): stores the session as a sign-in would, then
 * watches the screen, the sync socket and the replica's row count. The socket is observed by
 * subclassing the page's WebSocket, which adds a listener and changes nothing the app sees.
 */
export function installFirstSyncProbe(options: FirstSyncProbeOptions): void {
  // Inside the function: an init script carries no module scope with it.
  const ROWS_PER_MS_OF_REST = 250;
  /** Between two reads of a count kept in a row (countFrom): each is a transaction and a task in the page. */
  const COUNT_ROW_REST_MS = 25;
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
  const { countFrom } = options;
  const count = (db: IdbDatabase) =>
    new Promise<number>((resolve, reject) => {
      if (countFrom) {
        const request = db.transaction(countFrom.store, "readonly").objectStore(countFrom.store).get(countFrom.key);
        request.onsuccess = () => {
          const row: unknown = request.result;
          const held: unknown = typeof row === "object" && row !== null ? Reflect.get(row, countFrom.field) : 0;
          resolve(typeof held === "number" ? held : 0);
        };
        request.onerror = () => reject(request.error);
        return;
      }
      const request = db.transaction(options.table, "readonly").objectStore(options.table).count();
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
  // The replica's meta store (web/src/replica/sync-state.ts, readCaughtUpOnce): a cursor, and no
  // scope a catch-up is still sending. The cursor moves with the first changes, before the many
  // rows of the snapshots, so it alone would end the watch with scopes still to come.
  const caughtUpIn = (db: IdbDatabase) =>
    new Promise<boolean>((resolve, reject) => {
      const store = db.transaction("meta", "readonly").objectStore("meta");
      const cursor = store.get("cursor");
      const coming = store.get("coming");
      const entryValue = (request: IdbRequest<unknown>): unknown => {
        const entry: unknown = request.result;
        return typeof entry === "object" && entry !== null && "value" in entry ? entry.value : undefined;
      };
      coming.onsuccess = () => {
        const at = entryValue(cursor);
        const still = entryValue(coming);
        resolve(typeof at === "number" && at > 0 && (!Array.isArray(still) || still.length === 0));
      };
      coming.onerror = () => reject(coming.error);
    });
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const { writtenMark } = options;
  /** The mark's time, once the app has set it; with no mark asked for, now. */
  const writtenAt = async (): Promise<number> => {
    if (!writtenMark) return performance.now();
    for (;;) {
      const [mark] = performance.getEntriesByName(writtenMark, "mark");
      if (mark) return mark.startTime;
      await pause(5);
    }
  };
  const watchReplica = async () => {
    const written = await writtenAt();
    let firstCount = true;
    for (;;) {
      const names = await indexedDB.databases();
      const db = names.some((entry) => entry.name === options.dbName) ? await openExisting() : null;
      if (db?.objectStoreNames.contains(options.table)) {
        try {
          // A count waits for the write transaction ahead of it, so it lands just after a commit.
          for (;;) {
            if (probe.replicaFullMs === null) {
              probe.replicaRows = await count(db);
              if (probe.replicaRows >= options.expectedRows)
                // The mark's time only if the first count after it finds every row: a mark set
                // before the rows were all in would otherwise make the figure early.
                probe.replicaFullMs = writtenMark && firstCount ? written : performance.now();
              firstCount = false;
            }
            if (probe.replicaFullMs !== null && options.untilCaughtUp && (await caughtUpIn(db)))
              probe.caughtUpMs = performance.now();
            if (probe.replicaFullMs !== null && (!options.untilCaughtUp || probe.caughtUpMs !== null)) {
              db.close();
              return;
            }
            // IndexedDB counts a store by walking it (about 40 ms for 20,000 candidacies here), in
            // the browser process that does the replica's writes, and each write waits for the count
            // ahead of it: counted back to back, the probe took much of that process's time during
            // the sync. A rest of about four counts' time (by the rows counted, not the count's wall
            // time, which includes waiting for the write ahead) keeps it to a fifth; the full
            // replica is then seen up to that rest late, never early.
            // A count read from one row (countFrom) costs what one of the catch-up's checks below does.
            const walkRest = countFrom ? COUNT_ROW_REST_MS : probe.replicaRows / ROWS_PER_MS_OF_REST;
            const rest = probe.replicaFullMs === null ? walkRest : 0;
            await pause(Math.max(5, rest));
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
  const probe = window.hirestreamFirstSync;
  if (!probe) return null;
  const steps: Record<string, number> = {};
  for (const mark of performance.getEntriesByType("mark"))
    if (mark.name.startsWith("hirestream:")) steps[mark.name.slice("hirestream:".length)] = mark.startTime;
  return { ...probe, steps };
}

/** Stores a signed-in session before the app starts (an init script). */
export function storeCredentials(credentials: Record<string, string>): void {
  for (const [key, value] of Object.entries(credentials)) localStorage.setItem(key, value);
}
