import { useLiveQuery } from "dexie-react-hooks";
import { useReplica } from "../replica/replica-provider.tsx";

/**
 * Whether this replica has caught up with the server at least once. Before that, an empty table
 * means "not here yet", not "none": screens show a loader rather than their empty state.
 */
export function useFirstSyncDone(): boolean | undefined {
  const { db } = useReplica();
  return useLiveQuery(async () => {
    const cursor = await db.meta.get("cursor");
    return cursor?.key === "cursor" && cursor.value > 0;
  }, [db]);
}
