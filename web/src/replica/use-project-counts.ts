import { SharedLiveQueries } from "../hooks/shared-live-query.ts";
import { useSharedLiveValue } from "../hooks/use-shared-live-value.ts";
import type { PipelineCountsRow } from "./pipeline-counts.ts";
import type { ReplicaDb } from "./replica-db.ts";
import { useReplica } from "./replica-provider.tsx";

const projectCounts = new SharedLiveQueries<PipelineCountsRow | undefined>();

/** The project's pipeline counts, live, read once however many parts of the screen show them. */
export function projectCountsQuery(db: ReplicaDb, projectId: string) {
  return projectCounts.get(db, projectId, () => db.pipeline_counts.get(projectId));
}

/**
 * What a part of the screen shows of the project's pipeline counts (undefined: no one in the
 * project), through `select`; `selectKey` names what `select` depends on besides the counts. It
 * renders again only when what it selected changed. Undefined while first read.
 */
export function useProjectCounts<S>(
  projectId: string,
  select: (counts: PipelineCountsRow | undefined) => S,
  selectKey: string,
): S | undefined {
  const { db } = useReplica();
  return useSharedLiveValue(projectCountsQuery(db, projectId), select, selectKey);
}
