import type { DomDocument, DomMutationObserverClass } from "./dom.ts";

// Functions Playwright runs inside the app's page (page.evaluate, page.addInitScript). They are
// sent as source text, so each one stands alone: no imports, no helpers from this module.
// Another browser's renames: when each new name reached the page's socket, the replica and the screen.
// Times here are wall-clock (the page's timeOrigin + performance.now()), to compare with the sender's clock.

/** A workspace's name as the screen showed it, `{prefix} {workspace} #{counter}`, when it first did. */
export interface RemoteNameSeen {
  workspace: number;
  counter: number;
  /** Wall-clock ms: the page's timeOrigin + performance.now(), to compare with the sender's clock. */
  at: number;
}

interface ProbeWindow {
  hirestreamRemote?: RemoteNameSeen[];
  hirestreamRemoteFrames?: RemoteNameSeen[];
  hirestreamRemoteCommits?: RemoteNameSeen[];
  WebSocket: typeof WebSocket;
}
declare const window: ProbeWindow;
declare const document: DomDocument;
declare const MutationObserver: DomMutationObserverClass;
/** What the remote frame log uses of IndexedDB's object stores: `put`, on the page's own prototype. */
interface IdbPutTarget {
  name: string;
  transaction: { addEventListener(type: "complete", listener: () => void): void };
}
declare const IDBObjectStore: { prototype: { put(this: IdbPutTarget, value: unknown, key?: unknown): unknown } };

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
