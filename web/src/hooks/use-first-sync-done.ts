import { useLiveQuery } from "dexie-react-hooks";
import type { ReplicaDb } from "../replica/replica-db.ts";
import { useReplica } from "../replica/replica-provider.tsx";

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
    const cursor = await db.meta.get("cursor");
    const done = cursor?.key === "cursor" && cursor.value > 0;
    if (done) caughtUp.add(db);
    return done;
  }, [db]);
}
