import { useLiveQuery } from "dexie-react-hooks";
import type { ReplicaDb } from "../replica/replica-db.ts";
import { useReplica } from "../replica/replica-provider.tsx";
import { readCaughtUpOnce } from "../replica/sync-state.ts";

/** Replicas that have caught up once; a replica is only ever emptied by deleting it. */
const caughtUp = new WeakSet<ReplicaDb>();

/**
 * Whether this replica has caught up with the server at least once. Before that, an empty table
 * means "not here yet", not "none": screens show a loader rather than their empty state.
 */
export function useFirstSyncDone(): boolean | undefined {
  const { db } = useReplica();
  return useLiveQuery(async () => {
    // Once true, ask nothing: a query that reads no table is not run again on every sync write.
    if (caughtUp.has(db)) return true;
    const done = await readCaughtUpOnce(db);
    if (done) caughtUp.add(db);
    return done;
  }, [db]);
}
