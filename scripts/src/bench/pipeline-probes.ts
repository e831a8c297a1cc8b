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

// The raw reference for the first sync, in the page of the app's origin that synced: the rows the
// replica ended up holding, put by raw IndexedDB into a fresh database of the same stores and indexes.

interface RawRequest<T> {
  readonly result: T;
  readonly error: unknown;
  onsuccess: (() => void) | null;
  onerror: (() => void) | null;
}
interface RawIndex {
  readonly keyPath: string | string[];
  readonly multiEntry: boolean;
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

/**
 * Reads every row of `stores` from the replica (untimed), then times raw IndexedDB putting them,
 * as the replica stores them, into a fresh database whose stores copy the replica's key paths and
 * indexes, in one transaction; the database is deleted afterwards.
 */
export async function writeRawCopy(options: { replica: string; stores: string[] }): Promise<RawWrite> {
  const done = <T>(request: RawRequest<T>) =>
    new Promise<T>((resolve, reject) => {
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
  const ended = (transaction: RawTransaction) =>
    new Promise<void>((resolve, reject) => {
      transaction.oncomplete = () => resolve();
      transaction.onerror = () => reject(transaction.error);
      transaction.onabort = () => reject(transaction.error);
    });
  const replica = await done(indexedDB.open(options.replica));
  const read = replica.transaction(options.stores, "readonly");
  const layout = options.stores.map((name) => {
    const store = read.objectStore(name);
    const indexes = Array.from(store.indexNames, (index) => ({ name: index, ...store.index(index) }));
    return { name, indexes, rows: done(store.getAll()) };
  });
  const rows = await Promise.all(layout.map((store) => store.rows));
  replica.close();

  const name = "bench-raw-pipeline";
  await done(indexedDB.deleteDatabase(name));
  const opening = indexedDB.open(name, 1);
  opening.onupgradeneeded = () => {
    for (const store of layout) {
      const created = opening.result.createObjectStore(store.name, { keyPath: "id" });
      for (const index of store.indexes) {
        created.createIndex(index.name, index.keyPath, { multiEntry: index.multiEntry });
      }
    }
  };
  const raw = await done(opening);
  const started = performance.now();
  const write = raw.transaction(options.stores, "readwrite");
  for (const [index, store] of layout.entries()) {
    const target = write.objectStore(store.name);
    for (const row of rows[index] ?? []) target.put(row);
  }
  await ended(write);
  const ms = performance.now() - started;
  raw.close();
  await done(indexedDB.deleteDatabase(name));
  return { rows: rows.reduce((sum, storeRows) => sum + storeRows.length, 0), ms };
}
