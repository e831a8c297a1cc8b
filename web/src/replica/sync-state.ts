import type { ReplicaDb } from "./replica-db.ts";
import type { SnapshotMessage } from "./server-message.ts";

/** Where this replica stands: the last position applied in full, and the scopes it holds rows of. */
export interface SyncState {
  cursor: number;
  scopes: string[];
}

export async function readSyncState(db: ReplicaDb): Promise<SyncState> {
  const [cursor, scopes] = await db.meta.bulkGet(["cursor", "scopes"]);
  return {
    cursor: cursor?.key === "cursor" ? cursor.value : 0,
    scopes: scopes?.key === "scopes" ? scopes.value : [],
  };
}

export async function writeCursor(db: ReplicaDb, cursor: number): Promise<void> {
  await db.meta.put({ key: "cursor", value: cursor });
}

export async function writeScopes(db: ReplicaDb, scopes: string[]): Promise<void> {
  await db.meta.put({ key: "scopes", value: scopes });
}

/** Where a catch-up stands: the scopes it still sends, and those whose few rows are not in yet. */
export interface CatchUp {
  coming: string[];
  unframed: string[];
}

/**
 * Where the catch-up stands once `parts` are in: a scope's last part brings it all, a first part
 * without `more` its few rows. Null when the parts change neither.
 */
export function catchUpAfter(
  catchUp: CatchUp,
  parts: readonly Pick<SnapshotMessage, "scope" | "last" | "more">[],
): CatchUp | null {
  const held = new Set(parts.filter((part) => part.last).map((part) => part.scope));
  const framed = new Set(parts.filter((part) => !part.more).map((part) => part.scope));
  const next: CatchUp = {
    coming: catchUp.coming.filter((scope) => !held.has(scope)),
    unframed: catchUp.unframed.filter((scope) => !framed.has(scope)),
  };
  return next.coming.length === catchUp.coming.length && next.unframed.length === catchUp.unframed.length ? null : next;
}

export async function writeCatchUp(db: ReplicaDb, catchUp: CatchUp): Promise<void> {
  await db.meta.bulkPut([
    { key: "coming", value: catchUp.coming },
    { key: "unframed", value: catchUp.unframed },
  ]);
}

/**
 * Whether the replica has caught up with the server once: a cursor, and no catch-up still sending
 * a scope's snapshot. A first sync moves the cursor before its snapshots are in (sync protocol 7),
 * and a first sync cut short leaves its unfinished scopes as still coming for the next one.
 */
export async function readCaughtUpOnce(db: ReplicaDb): Promise<boolean> {
  const [cursor, coming] = await db.meta.bulkGet(["cursor", "coming"]);
  const still = coming?.key === "coming" ? coming.value.length : 0;
  return cursor?.key === "cursor" && cursor.value > 0 && still === 0;
}

/**
 * What the screens may say about a scope. Rows show as soon as they land; an empty state ('No
 * results', 'You have no … yet') only once the scope that would hold the rows is in.
 */
export interface ScopeProgress {
  /** Held in full: a snapshot of it completed, and no catch-up is sending it again. */
  held: ReadonlySet<string>;
  /**
   * Every scope's few rows are in (workspaces, members, projects, workflows…): a screen of those
   * rows alone can tell "none" from "not here yet".
   */
  outlined: boolean;
}

export async function readScopeProgress(db: ReplicaDb): Promise<ScopeProgress> {
  const [scopes, coming, unframed] = await db.meta.bulkGet(["scopes", "coming", "unframed"]);
  const still = new Set(coming?.key === "coming" ? coming.value : []);
  const held = (scopes?.key === "scopes" ? scopes.value : []).filter((scope) => !still.has(scope));
  if (unframed?.key === "unframed") return { held: new Set(held), outlined: unframed.value.length === 0 };
  // No catch-up has said which scopes' few rows are in: caught up once (a cursor) says all are.
  // The cursor is read only then: every live change moves it, and a screen reading it live would
  // read its progress again for each, while a busy project's moves keep coming.
  const cursor = await db.meta.get("cursor");
  return { held: new Set(held), outlined: cursor?.key === "cursor" && cursor.value > 0 };
}
