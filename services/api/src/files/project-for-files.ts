import type { ExistingProject } from "@hirestream/domain/project/project.decider.ts";
import type { Deps } from "../deps.ts";
import { currentProject, workspaceRoleOf } from "../projects/project-commands.ts";
import { type FileAccessRequest, projectForFiles } from "./file-access.ts";

/**
 * The project whose files `userId` asks about, once they may do what they ask; else a DomainError.
 * Project and role are read as a command reads them, so a file is refused the moment its project
 * is archived or the user leaves, not once read models catch up.
 */
export async function accessProjectFiles(
  deps: Deps,
  userId: string,
  projectId: string,
  asked: FileAccessRequest,
): Promise<ExistingProject> {
  const state = await currentProject(deps, projectId);
  const workspaceId = state.status === "existing" ? state.project.workspaceId : undefined;
  const role = workspaceId === undefined ? undefined : await workspaceRoleOf(deps, userId, workspaceId);
  const workspaceRoles = new Map(workspaceId !== undefined && role !== undefined ? [[workspaceId, role]] : []);
  return projectForFiles(state, { now: deps.clock(), actorId: userId, workspaceRoles }, asked);
}
