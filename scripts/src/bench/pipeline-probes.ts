import type { DomDocument, DomMutationObserverClass } from "./browser/dom.ts";

// Functions Playwright runs inside the project's People tab (page.evaluate, page.addInitScript),
// in the manner of browser/first-sync-probes.ts: sent as source text, so each one stands alone. Times
// are wall-clock (the page's timeOrigin + performance.now()), to compare with the sender's clock.

/** What a watched candidate's stage dropdown said, from when it first said it. */
export interface StageShown {
  /** Index into the watched people. */
  candidate: number;
  label: string;
  at: number;
}

/** A watched candidacy's new stage as a sync frame reached the page, before the app applied it. */
export interface StageFramed {
  candidate: number;
  stageId: string;
  at: number;
}

interface FrameLog {
  /** Candidacy id → index of the watched candidate. */
  candidates: Record<string, number>;
  seen: StageFramed[];
}

/** The part of a `changes` frame the log reads; anything else in it is ignored. */
interface ChangesFrame {
  rows?: { entity?: string; id?: string; op?: string; data?: { stage_id?: unknown } | null }[];
}

interface PipelineWindow {
  hirestreamStages?: StageShown[];
  hirestreamStageFrames?: FrameLog;
  WebSocket: typeof WebSocket;
}
declare const window: PipelineWindow;
declare const document: DomDocument;
declare const MutationObserver: DomMutationObserverClass;
declare const requestAnimationFrame: (callback: () => void) => number;

/**
 * An init script: once armed (armStageFrameLog), logs every watched candidacy row that a
 * `changes` frame carries. A subclass of the page's WebSocket adds a listener; the app sees no
 * difference. Unarmed it does no work, so the first sync's snapshot frames pass untouched.
 */
export function installStageFrameLog(): void {
  const NativeSocket = window.WebSocket;
  window.WebSocket = class LoggedSocket extends NativeSocket {
    constructor(...args: ConstructorParameters<typeof WebSocket>) {
      super(...args);
      this.addEventListener("message", (event) => {
        const log = window.hirestreamStageFrames;
        const data: unknown = event.data;
        if (!log || typeof data !== "string" || !data.startsWith('{"type":"changes"')) return;
        const at = performance.timeOrigin + performance.now();
        const frame: ChangesFrame = JSON.parse(data);
        for (const row of frame.rows ?? []) {
          const candidate = row.entity === "candidacy" && row.id ? log.candidates[row.id] : undefined;
          const stageId = row.data?.stage_id;
          if (candidate === undefined || row.op !== "put" || typeof stageId !== "string") continue;
          log.seen.push({ candidate, stageId, at });
        }
      });
    }
  };
}

export function armStageFrameLog(candidacyIds: string[]): void {
  const candidates: Record<string, number> = {};
  for (const [index, id] of candidacyIds.entries()) candidates[id] = index;
  window.hirestreamStageFrames = { candidates, seen: [] };
}

export function readStageFrames(): StageFramed[] {
  return window.hirestreamStageFrames?.seen ?? [];
}

/**
 * Records what each watched person's stage dropdown says whenever it changes, found by the row's
 * link to the person. The dropdown is the browser's own `<select>`, whose choice changes no
 * attribute: the rows are read at every animation frame, as the screen is drawn, and again
 * whenever the table's rows change.
 */
export function watchStages(personIds: string[]): void {
  const seen: StageShown[] = [];
  window.hirestreamStages = seen;
  const indexOf = new Map(personIds.map((id, index) => [id, index]));
  const shown = new Map<number, string>();
  const scan = () => {
    const at = performance.timeOrigin + performance.now();
    for (const row of document.querySelectorAll("tbody tr")) {
      const href = row.querySelector('a[href*="/people/"]')?.getAttribute("href") ?? "";
      const candidate = indexOf.get(href.slice(href.lastIndexOf("/") + 1));
      if (candidate === undefined) continue;
      const control = row.querySelector('select[aria-label^="Stage of "]');
      const label = control?.selectedOptions?.[0]?.textContent ?? "";
      if (shown.get(candidate) === label) continue;
      shown.set(candidate, label);
      seen.push({ candidate, label, at });
    }
  };
  scan();
  new MutationObserver(scan).observe(document, { childList: true, subtree: true });
  const everyFrame = () => {
    scan();
    requestAnimationFrame(everyFrame);
  };
  requestAnimationFrame(everyFrame);
}

export function readStages(): StageShown[] {
  return window.hirestreamStages ?? [];
}

/**
 * Every watched candidate's dropdown says `labels[c]` now, and has said it since `since[c]` or
 * later (wall-clock): a candidate moved round to the stage it started in has not settled until the
 * screen has shown it there again.
 */
export function stagesShow(expected: { labels: string[]; since: number[] }): boolean {
  const seen = window.hirestreamStages ?? [];
  return expected.labels.every((label, candidate) => {
    const last = seen.findLast((entry) => entry.candidate === candidate);
    return last !== undefined && last.label === label && last.at >= (expected.since[candidate] ?? 0);
  });
}

// The raw reference for the first sync: the rows the replica ended up holding, read in the page of
// the app's origin that synced, put by raw IndexedDB into a fresh database of the same stores and
// indexes in a fresh profile.

interface RawRequest<T> {
  readonly result: T;
  readonly error: unknown;
  onsuccess: (() => void) | null;
  onerror: (() => void) | null;
}
interface RawIndex {
  readonly keyPath: string | string[];
  readonly multiEntry: boolean;
  count(): RawRequest<number>;
}
interface RawStore {
  readonly indexNames: ArrayLike<string>;
  index(name: string): RawIndex;
  getAll(): RawRequest<unknown[]>;
  put(value: unknown): RawRequest<unknown>;
  createIndex(name: string, keyPath: string | string[], options: { multiEntry: boolean }): unknown;
}
interface RawTransaction {
  readonly error: unknown;
  objectStore(name: string): RawStore;
  oncomplete: (() => void) | null;
  onerror: (() => void) | null;
  onabort: (() => void) | null;
}
interface RawDatabase {
  transaction(stores: string[], mode: "readonly" | "readwrite"): RawTransaction;
  createObjectStore(name: string, options: { keyPath: string }): RawStore;
  close(): void;
}
interface RawOpenRequest extends RawRequest<RawDatabase> {
  onupgradeneeded: (() => void) | null;
}
declare const indexedDB: {
  open(name: string, version?: number): RawOpenRequest;
  deleteDatabase(name: string): RawRequest<undefined>;
};

export interface RawWrite {
  rows: number;
  ms: number;
}

/** A store of the replica as the raw reference copies it: its indexes and every row it holds. */
export interface RawStoreCopy {
  name: string;
  /** `entries`: how many records the replica's index holds, which the copy's must hold too. */
  indexes: { name: string; keyPath: string | string[]; multiEntry: boolean; entries: number }[];
  rows: unknown[];
}

/** Every row of `stores` of the replica, with the stores' indexes, for writeRawCopy in another profile. */
export async function readRawCopy(options: { replica: string; stores: string[] }): Promise<RawStoreCopy[]> {
  // Run in the page, which sees nothing of this module: each function holds its helpers.
  const done = <T>(request: RawRequest<T>) =>
    new Promise<T>((resolve, reject) => {
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
  const replica = await done(indexedDB.open(options.replica));
  const read = replica.transaction(options.stores, "readonly");
  const copies = options.stores.map((name) => {
    const store = read.objectStore(name);
    // An IDBIndex's key path and multiEntry are getters of its prototype, which a spread leaves
    // out: named one by one, or every index of the copy would have the key path "undefined" and
    // hold no entry.
    const indexes = Promise.all(
      Array.from(store.indexNames, (index) => {
        const { keyPath, multiEntry } = store.index(index);
        return done(store.index(index).count()).then((entries) => ({ name: index, keyPath, multiEntry, entries }));
      }),
    );
    return Promise.all([indexes, done(store.getAll())]).then(([indexes, rows]) => ({ name, indexes, rows }));
  });
  const stores = await Promise.all(copies);
  replica.close();
  return stores;
}

interface HoldsRawCopy {
  benchRawCopy?: RawStoreCopy[];
}

/**
 * Keeps the copy in the page for writeRawCopy: handed over on its own, so that neither the copy's
 * time nor its CPU counts the protocol carrying some 70 MB of rows into the page.
 */
export function holdRawCopy(stores: RawStoreCopy[]): void {
  (globalThis as HoldsRawCopy).benchRawCopy = stores;
}

/**
 * Times raw IndexedDB putting the rows holdRawCopy left in the page, as the replica stores them,
 * into a fresh database whose stores copy the replica's key paths and indexes, in one transaction.
 * Meant for a fresh profile: an origin's databases share one LevelDB, where a copy written and deleted before leaves
 * work for the next (the rounds of one profile each took longer than the one before).
 */
export async function writeRawCopy(): Promise<RawWrite> {
  const stores = (globalThis as HoldsRawCopy).benchRawCopy;
  if (!stores) throw new Error("no raw copy held in the page: holdRawCopy first");
  const done = <T>(request: RawRequest<T>) =>
    new Promise<T>((resolve, reject) => {
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
  const opening = indexedDB.open("bench-raw-pipeline", 1);
  opening.onupgradeneeded = () => {
    for (const store of stores) {
      const created = opening.result.createObjectStore(store.name, { keyPath: "id" });
      for (const index of store.indexes) {
        created.createIndex(index.name, index.keyPath, { multiEntry: index.multiEntry });
      }
    }
  };
  const raw = await done(opening);
  const started = performance.now();
  const write = raw.transaction(
    stores.map((store) => store.name),
    "readwrite",
  );
  for (const store of stores) {
    const target = write.objectStore(store.name);
    for (const row of store.rows) target.put(row);
  }
  await new Promise<void>((resolve, reject) => {
    write.oncomplete = () => resolve();
    write.onerror = () => reject(write.error);
    write.onabort = () => reject(write.error);
  });
  const ms = performance.now() - started;
  // The copy is a reference only if it wrote what the replica's indexes hold.
  const check = raw.transaction(
    stores.map((store) => store.name),
    "readonly",
  );
  for (const store of stores) {
    for (const index of store.indexes) {
      const entries = await done(check.objectStore(store.name).index(index.name).count());
      if (entries !== index.entries)
        throw new Error(
          `raw copy's ${store.name}.${index.name} holds ${entries} entries, the replica's ${index.entries}`,
        );
    }
  }
  raw.close();
  return { rows: stores.reduce((sum, store) => sum + store.rows.length, 0), ms };
}
