// Functions Playwright runs inside the app's page (page.evaluate, page.addInitScript). They are
// sent as source text, so each one stands alone: no imports, no helpers from this module.
// The replica-write bench page's calls (replica-write.page.ts), for page.evaluate.

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

interface ProbeWindow {
  hirestreamReplicaWrite?: ReplicaWriteBench;
}
declare const window: ProbeWindow;

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
