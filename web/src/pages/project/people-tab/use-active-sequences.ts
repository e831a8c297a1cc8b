import { useLiveQuery } from "dexie-react-hooks";
import { useReplica } from "../../../replica/replica-provider.tsx";
import { candidaciesWithSequence } from "./running-sequences.ts";

const none: ReadonlySet<string> = new Set();

/** The project's candidacies with a run of their stage's sequence, as the replica holds its payloads. */
export function useActiveSequences(projectId: string): ReadonlySet<string> {
  const { db } = useReplica();
  return (
    useLiveQuery(
      async () => candidaciesWithSequence(await db.payloads.where("project_id").equals(projectId).toArray()),
      [db, projectId],
    ) ?? none
  );
}
