// Where a person added from a profile page goes: the user's talent pool always, and the workspace,
// project and stage named, checked as an import or an assignment checks them, before anything is
// appended.
import { DomainError } from "@hirestream/contracts/errors.ts";
import type { ProfileAttributes } from "@hirestream/contracts/people/from-profile.ts";
import { mayInWorkspace } from "@hirestream/contracts/permissions/permission-table.ts";
import { type CandidacyContext, stageOf, writableProject } from "@hirestream/domain/candidacy/candidacy.decider.ts";
import { pipelineContext } from "../../candidacies/pipeline-context.ts";
import type { Deps } from "../../deps.ts";
import type { WorkspaceRoles } from "../../workspaces/workspace-roles.ts";

const pointer = (name: keyof ProfileAttributes) => `/data/attributes/${name}`;

export interface ProfileDestination {
  workspaceId: string | null;
  project?: { context: CandidacyContext; projectId: string; stageId: string };
}

/**
 * Someone else's workspace is unknown, and a viewer may not add people, as AddPerson decides; the
 * role is read from the workspace's stream, so a workspace made a moment ago takes people at once.
 */
async function targetWorkspace(workspaceId: string, roles: WorkspaceRoles): Promise<string> {
  const role = await roles.of(workspaceId);
  if (role === undefined) throw new DomainError("NOT_FOUND", "Workspace not found", pointer("workspace_id"));
  if (!mayInWorkspace(role, "people.add")) {
    throw new DomainError("FORBIDDEN", "Your role does not allow adding people here", pointer("workspace_id"));
  }
  return workspaceId;
}

/**
 * A project must take people from this user as assign_people requires (not archived, a role that
 * works the pipeline), be of the workspace named, and have the stage named, or a first one.
 */
export async function profileDestination(
  deps: Deps,
  userId: string,
  attributes: ProfileAttributes,
  roles: WorkspaceRoles,
): Promise<ProfileDestination> {
  const { workspace_id: workspaceId, project_id: projectId, stage_id: stageId } = attributes;
  if (workspaceId === undefined) return { workspaceId: null };
  if (projectId === undefined) return { workspaceId: await targetWorkspace(workspaceId, roles) };
  const context = await pipelineContext(deps, userId, projectId);
  // A project reached through another workspace is as unknown as a missing one.
  if (context.project !== null && context.project.workspaceId !== workspaceId) {
    throw new DomainError("NOT_FOUND", "Project not found", pointer("project_id"));
  }
  const project = writableProject(context);
  const stage = stageOf(context, stageId);
  return {
    workspaceId: await targetWorkspace(project.workspaceId, roles),
    project: { context, projectId: project.projectId, stageId: stage.id },
  };
}
