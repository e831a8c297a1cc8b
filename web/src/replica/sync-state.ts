import type { ReplicaDb } from "./replica-db.ts";

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
