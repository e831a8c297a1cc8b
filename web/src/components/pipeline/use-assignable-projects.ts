import { useLiveQuery } from "dexie-react-hooks";
import { useReplica } from "../../replica/replica-provider.tsx";
import { projectRolesOf } from "../projects/project-permissions.ts";
import { type AssignableProject, assignableProjects } from "./project-workflow.ts";

/** The projects of a workspace people can be put into; empty with no workspace, undefined while loading. */
export function useAssignableProjects(
  workspaceId: string | null,
  userId: string | undefined,
): AssignableProject[] | undefined {
  const { db } = useReplica();
  return useLiveQuery(async () => {
    if (workspaceId === null || userId === undefined) return [];
    const [projects, workflows, member, projectRoles] = await Promise.all([
      db.projects.where("workspace_id").equals(workspaceId).toArray(),
      db.workflows.where("workspace_id").equals(workspaceId).toArray(),
      db.workspace_members.get(`${workspaceId}:${userId}`),
      projectRolesOf(db, userId),
    ]);
    return assignableProjects(projects, workflows, (project) => ({
      workspaceRole: member?.role,
      projectRole: projectRoles.get(project.id),
    }));
  }, [db, workspaceId, userId]);
}
