import type { DomDocument, DomMutationObserverClass, IdbDatabase, IdbFactory } from "./browser/dom.ts";

// Functions Playwright runs inside the app's page, in the manner of browser/first-sync-probes.ts: sent
// as source text, each stands alone. Times are `performance.now()` in the page (milliseconds since
// its navigation started).

/** One load of a list screen: when its form was submitted (sign-in), when its first row showed. */
export interface FirstRowProbe {
  submitMs: number | null;
  firstRowMs: number | null;
  /** Main-thread tasks over 50 ms since the load (the browser's long-task entries), in ms. */
  longTasks: number[];
}

interface ProbeWindow {
  hirestreamFirstRow?: FirstRowProbe;
}
interface EventTargetLike {
  addEventListener(type: string, listener: () => void, capture: boolean): void;
}
interface PerformanceObserverLike {
  observe(options: { type: string; buffered: boolean }): void;
}
type PerformanceObserverClass = new (
  callback: (list: { getEntries(): { duration: number }[] }) => void,
) => PerformanceObserverLike;
declare const window: ProbeWindow;
declare const document: DomDocument & EventTargetLike;
declare const MutationObserver: DomMutationObserverClass;
declare const PerformanceObserver: PerformanceObserverClass;
declare const indexedDB: IdbFactory;

export interface FirstRowProbeOptions {
  rowSelector: string;
  /** localStorage entries of a signed-in session, stored before the app starts; null to leave them. */
  credentials: Record<string, string> | null;
}

/** An init script: stores the session when given, then records the submit, the first row and long tasks. */
export function installFirstRowProbe(options: FirstRowProbeOptions): void {
  for (const [key, value] of Object.entries(options.credentials ?? {})) localStorage.setItem(key, value);
  const probe: FirstRowProbe = { submitMs: null, firstRowMs: null, longTasks: [] };
  window.hirestreamFirstRow = probe;
  document.addEventListener(
    "submit",
    () => {
      probe.submitMs ??= performance.now();
    },
    true,
  );
  const observer = new MutationObserver(() => {
    if (document.querySelector(options.rowSelector) === null) return;
    probe.firstRowMs = performance.now();
    observer.disconnect();
  });
  observer.observe(document, { childList: true, subtree: true });
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) probe.longTasks.push(entry.duration);
    }).observe({ type: "longtask", buffered: true });
  } catch {
    // No long-task timing in this browser: the figure says none were seen.
  }
}

export function firstRowShown(): boolean {
  const probe = window.hirestreamFirstRow;
  return probe !== undefined && probe.firstRowMs !== null;
}

export function readFirstRow(): FirstRowProbe | null {
  return window.hirestreamFirstRow ?? null;
}

/** Rows of each store in the app's replica now (raw IndexedDB, opened without a version), and when. */
export function countReplica(options: { dbName: string; stores: string[] }): Promise<{ at: number; rows: number[] }> {
  return new Promise((resolve) => {
    const request = indexedDB.open(options.dbName);
    request.onupgradeneeded = () => request.transaction?.abort();
    request.onerror = () => resolve({ at: performance.now(), rows: options.stores.map(() => 0) });
    request.onsuccess = () => {
      const db: IdbDatabase = request.result;
      db.onversionchange = () => db.close();
      const present = options.stores.filter((store) => db.objectStoreNames.contains(store));
      if (present.length < options.stores.length) {
        db.close();
        resolve({ at: performance.now(), rows: options.stores.map(() => 0) });
        return;
      }
      const transaction = db.transaction(options.stores, "readonly");
      const counts = options.stores.map((store) => transaction.objectStore(store).count());
      transaction.oncomplete = () => {
        db.close();
        resolve({ at: performance.now(), rows: counts.map((count) => count.result) });
      };
    };
  });
}

/**
 * Where one load's time went, in page time: the HTML's last byte, the last script in before the
 * first row, and the app's own steps (web/src/load-steps.ts, `hirestream:<step>` marks).
 */
export interface LoadSteps {
  htmlMs: number | null;
  scriptsMs: number | null;
  steps: Record<string, number>;
}

export function readLoadSteps(firstRowMs: number): LoadSteps {
  const entries = performance.getEntries();
  const ends = (type: string) =>
    entries
      .filter((entry) => entry.entryType === type && (type !== "resource" || entry.name.endsWith(".js")))
      .flatMap((entry) => ("responseEnd" in entry && typeof entry.responseEnd === "number" ? [entry.responseEnd] : []))
      .filter((end) => end <= firstRowMs);
  const steps: Record<string, number> = {};
  for (const mark of entries) {
    if (mark.entryType === "mark" && mark.name.startsWith("hirestream:"))
      steps[mark.name.slice("hirestream:".length)] ??= mark.startTime;
  }
  const scripts = ends("resource");
  return {
    htmlMs: ends("navigation")[0] ?? null,
    scriptsMs: scripts.length > 0 ? Math.max(...scripts) : null,
    steps,
  };
}

/** Each script the page fetched: its file, when its request started and when its last byte came (page time). */
export function readScriptTimes(): string[] {
  return performance
    .getEntries()
    .filter((entry) => entry.entryType === "resource" && entry.name.endsWith(".js"))
    .flatMap((entry) =>
      "fetchStart" in entry &&
      typeof entry.fetchStart === "number" &&
      "responseEnd" in entry &&
      typeof entry.responseEnd === "number"
        ? [`script ${entry.name.replace(/^.*\//, "")} ${entry.fetchStart.toFixed(0)} → ${entry.responseEnd.toFixed(0)}`]
        : [],
    );
}
