// The Workflows screen reads live from the replica; each hook answers undefined while its first read runs.
import type { ProjectRole } from "@hirestream/contracts/projects/events.ts";
import type { ProjectRow } from "@hirestream/contracts/projects/rows.ts";
import type { WorkflowRow } from "@hirestream/contracts/workflows/rows.ts";
import type { WorkspaceRole } from "@hirestream/contracts/workspaces/events.ts";
import { useLiveQuery } from "dexie-react-hooks";
import type { Stored } from "../../replica/replica-db.ts";
import { useReplica } from "../../replica/replica-provider.tsx";
import { projectRolesOf } from "../projects/project-permissions.ts";

export type ShownWorkflow = Stored<WorkflowRow>;
export type ShownProject = Stored<ProjectRow>;

/** Templates and project copies of the workspace alike. */
export function useWorkspaceWorkflows(workspaceId: string): ShownWorkflow[] | undefined {
  const { db } = useReplica();
  return useLiveQuery(() => db.workflows.where("workspace_id").equals(workspaceId).toArray(), [db, workspaceId]);
}

export function useWorkspaceProjects(workspaceId: string): ShownProject[] | undefined {
  const { db } = useReplica();
  return useLiveQuery(() => db.projects.where("workspace_id").equals(workspaceId).toArray(), [db, workspaceId]);
}

/**
 * The projects that have people in them, as far as the replica knows: their copies cannot be
 * removed. A project holding nobody has no pipeline counts, so their keys are the answer.
 */
export function useProjectsWithPeople(): ReadonlySet<string> | undefined {
  const { db } = useReplica();
  return useLiveQuery(async () => new Set(await db.pipeline_counts.toCollection().primaryKeys()), [db]);
}

/** The user's role in each project they are a member of. */
export function useProjectRoles(userId: string | undefined): ReadonlyMap<string, ProjectRole> | undefined {
  const { db } = useReplica();
  return useLiveQuery(async () => (userId ? projectRolesOf(db, userId) : new Map()), [db, userId]);
}

/** The user's role in the workspace; null when the replica holds no membership. */
export function useWorkspaceRole(workspaceId: string, userId: string | undefined): WorkspaceRole | null | undefined {
  const { db } = useReplica();
  return useLiveQuery(async () => {
    if (!userId) return null;
    const member = await db.workspace_members.get(`${workspaceId}:${userId}`);
    return member?.role ?? null;
  }, [db, workspaceId, userId]);
}
