import { DomainError } from "@hirestream/contracts/errors.ts";
import { type ImportUpload, importFields } from "@hirestream/contracts/people/import.ts";
import { mayInWorkspace } from "@hirestream/contracts/permissions/permission-table.ts";
import { type CandidacyContext, stageOf, writableProject } from "@hirestream/domain/candidacy/candidacy.decider.ts";
import { pipelineContext } from "../../candidacies/pipeline-context.ts";
import type { Deps } from "../../deps.ts";
import { fieldError } from "../../http/field-error.ts";
import { uuidOr } from "../../http/path-id.ts";
import type { WorkspaceRoles } from "../../workspaces/workspace-roles.ts";

/** Runs a check whose domain refusal is about one form field. */
function about<T>(parameter: string, check: () => T): T {
  try {
    return check();
  } catch (error) {
    if (error instanceof DomainError) throw fieldError(error.code, error.message, parameter);
    throw error;
  }
}

export interface ImportDestination {
  workspaceId: string | null;
  project?: { context: CandidacyContext; stageId: string };
}

/**
 * Someone else's workspace is unknown, and a viewer may not add people, as AddPerson decides; the
 * role is read from the workspace's stream, so a workspace made a moment ago takes people at once.
 */
async function targetWorkspace(given: string | undefined, roles: WorkspaceRoles): Promise<string | null> {
  if (given === undefined) return null;
  const notFound = () => fieldError("NOT_FOUND", "Workspace not found", importFields.workspaceId);
  const id = uuidOr(given, notFound);
  const role = await roles.of(id);
  if (role === undefined) throw notFound();
  if (!mayInWorkspace(role, "people.add")) {
    throw fieldError("FORBIDDEN", "Your role does not allow adding people here", importFields.workspaceId);
  }
  return id;
}

/**
 * Inside a project (spec §5: the stage is chosen only there) the people join the project's
 * workspace and land in the stage named, or the first one. The project must take people from this
 * user (not archived, a role that works the pipeline); a workspace named with it must be its own.
 */
export async function importTarget(
  deps: Deps,
  userId: string,
  upload: ImportUpload,
  roles: WorkspaceRoles,
): Promise<ImportDestination> {
  const projectGiven = upload[importFields.projectId];
  const stageGiven = upload[importFields.stageId];
  if (projectGiven === undefined) {
    if (stageGiven !== undefined) throw fieldError("NOT_FOUND", "Stage not found", importFields.stageId);
    return { workspaceId: await targetWorkspace(upload[importFields.workspaceId], roles) };
  }
  const projectId = uuidOr(projectGiven, () => fieldError("NOT_FOUND", "Project not found", importFields.projectId));
  const context = await pipelineContext(deps, userId, projectId);
  const project = about(importFields.projectId, () => writableProject(context));
  const workspaceGiven = upload[importFields.workspaceId];
  if (workspaceGiven !== undefined && workspaceGiven !== project.workspaceId) {
    throw fieldError("NOT_FOUND", "Project not found", importFields.projectId);
  }
  const stage = about(stageGiven === undefined ? importFields.projectId : importFields.stageId, () =>
    stageOf(context, stageGiven),
  );
  return {
    workspaceId: await targetWorkspace(project.workspaceId, roles),
    project: { context, stageId: stage.id },
  };
}
