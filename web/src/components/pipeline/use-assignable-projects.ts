import { useLiveQuery } from "dexie-react-hooks";
import { useReplica } from "../../replica/replica-provider.tsx";
import { type AssignableProject, assignableProjects } from "./project-workflow.ts";

/** The projects of a workspace people can be put into; empty with no workspace, undefined while loading. */
export function useAssignableProjects(
  workspaceId: string | null,
  userId: string | undefined,
): AssignableProject[] | undefined {
  const { db } = useReplica();
  return useLiveQuery(async () => {
    if (workspaceId === null || userId === undefined) return [];
    const [projects, workflows] = await Promise.all([
      db.projects.where("workspace_id").equals(workspaceId).toArray(),
      db.workflows.where("workspace_id").equals(workspaceId).toArray(),
    ]);
    return assignableProjects(projects, workflows, userId);
  }, [db, workspaceId, userId]);
}
