import type { PayloadRow } from "@hirestream/contracts/processors/rows.ts";
import { useLiveQuery } from "dexie-react-hooks";
import type { Stored } from "../../../replica/replica-db.ts";
import { useReplica } from "../../../replica/replica-provider.tsx";

/** The payloads of one stage of the project, as the replica holds them; undefined while read. */
export function useStagePayloads(projectId: string, stageId: string | null): Stored<PayloadRow>[] | undefined {
  const { db } = useReplica();
  return useLiveQuery(
    async () => (stageId ? db.payloads.where("[project_id+stage_id]").equals([projectId, stageId]).toArray() : []),
    [db, projectId, stageId],
  );
}

/** One payload by id, followed as it changes; null once it is gone (or none is chosen). */
export function usePayload(payloadId: string | null): Stored<PayloadRow> | null | undefined {
  const { db } = useReplica();
  return useLiveQuery(async () => (payloadId ? ((await db.payloads.get(payloadId)) ?? null) : null), [db, payloadId]);
}
