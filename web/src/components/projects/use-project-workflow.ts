import type { WorkflowRow } from "@hirestream/contracts/workflows/rows.ts";
import { useLiveQuery } from "dexie-react-hooks";
import { useLiveValue } from "../../hooks/use-live-value.ts";
import type { Stored } from "../../replica/replica-db.ts";
import { useReplica } from "../../replica/replica-provider.tsx";
import { useProjectCounts } from "../../replica/use-project-counts.ts";
import { templatesOf } from "./workflow-summary.ts";

/** A stored workflow as the screens take it: without the replica's own fields. */
export function workflowRowOf(stored: Stored<WorkflowRow>): WorkflowRow {
  const { scopes: _scopes, _pending, ...row } = stored;
  return row;
}

/** The workflow templates of a workspace, by name; undefined while loading. */
export function useWorkflowTemplates(workspaceId: string | undefined): WorkflowRow[] | undefined {
  const { db } = useReplica();
  return useLiveQuery(async () => {
    if (!workspaceId) return [];
    const workflows = await db.workflows.where("workspace_id").equals(workspaceId).toArray();
    return templatesOf(workflows.map(workflowRowOf));
  }, [db, workspaceId]);
}

/** A workflow by id: null when the project has none or the replica does not hold it. */
export function useWorkflow(workflowId: string | null | undefined): WorkflowRow | null | undefined {
  const { db } = useReplica();
  // The same workflow while it says the same: the board's stages, and so its rows, derive from it.
  return useLiveValue(async () => {
    if (!workflowId) return null;
    const workflow = await db.workflows.get(workflowId);
    return workflow ? workflowRowOf(workflow) : null;
  }, [db, workflowId]);
}

/** How many of the project's candidates are in each stage given, from the replica's pipeline counts. */
export function useStageTalents(
  projectId: string,
  stageIds: readonly string[],
): ReadonlyMap<string, number> | undefined {
  const key = stageIds.join(",");
  return useProjectCounts(
    projectId,
    (counts) => new Map((key === "" ? [] : key.split(",")).map((stageId) => [stageId, counts?.by_stage[stageId] ?? 0])),
    key,
  );
}

/** Whether the project holds a candidate yet (a project holding none has no counts); undefined while loading. */
export function useHasCandidates(projectId: string): boolean | undefined {
  return useProjectCounts(projectId, (counts) => counts !== undefined, "");
}
