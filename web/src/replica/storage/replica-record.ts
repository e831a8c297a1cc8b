import { z } from "zod";
import { replicaRecordKey } from "./replica-record-key.ts";

/**
 * What the app remembers of a replica outside IndexedDB (in localStorage, which the browser does
 * not evict with it): whose it is, the cursor it was filled to, and how many changes waited to
 * be sent. An empty replica with such a record was cleared by the browser; one without is new.
 */
const replicaRecord = z.object({
  owner: z.string(),
  cursor: z.number().int().nonnegative(),
  pending: z.number().int().nonnegative(),
});
export type ReplicaRecord = z.infer<typeof replicaRecord>;

/** The part of `Storage` used here: localStorage in the app, a Map-backed one in tests. */
export type RecordStore = Pick<Storage, "getItem" | "setItem" | "removeItem">;

export function readReplicaRecord(store: RecordStore | null, dbName: string): ReplicaRecord | null {
  const text = store?.getItem(replicaRecordKey(dbName));
  if (!text) return null;
  try {
    const parsed = replicaRecord.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function writeReplicaRecord(store: RecordStore | null, dbName: string, record: ReplicaRecord): void {
  try {
    store?.setItem(replicaRecordKey(dbName), JSON.stringify(record));
  } catch {
    // A full or refused localStorage only costs the eviction notice on a later visit.
  }
}

/** Sign-out, or another user's sign-in: the replica goes on purpose, and no one is to be told it was evicted. */
export function forgetReplicaRecord(store: RecordStore | null, dbName: string): void {
  store?.removeItem(replicaRecordKey(dbName));
}

/**
 * Whether the replica opened empty although this user's was filled here before: the browser
 * evicted it between visits. `heldOwner` is the owner the opened database names (undefined when
 * it holds nothing). Another user's record says nothing about this user's replica.
 */
export function evictedBetweenVisits(
  record: ReplicaRecord | null,
  uid: string,
  heldOwner: string | undefined,
): boolean {
  return heldOwner === undefined && record !== null && record.owner === uid && record.cursor > 0;
}

/** localStorage, or null where the browser refuses it. */
export function browserRecordStore(): RecordStore | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
