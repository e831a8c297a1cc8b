// Where an import's people go besides the importer's pool: a workspace, or a project's stage and
// its workspace. Checked once for the whole file, before any row is imported.
import type { ErrorCode } from "@hirestream/contracts/errors.ts";
import { DomainError } from "@hirestream/contracts/errors.ts";
import { type ImportUpload, importFields } from "@hirestream/contracts/people/import.ts";
import type { WorkspaceRole } from "@hirestream/contracts/workspaces/events.ts";
import { type CandidacyContext, stageOf, writableProject } from "@hirestream/domain/candidacy/candidacy.decider.ts";
import { mayInWorkspace } from "@hirestream/domain/permissions/workspace-permissions.ts";
import { z } from "zod";
import { pipelineContext } from "../../candidacies/pipeline-context.ts";
import type { Deps } from "../../deps.ts";
import { errorObject, RequestError } from "../../http/errors.ts";

/** A refusal naming the form field it is about; multipart fields have no JSON pointer. */
export function fieldError(code: ErrorCode, detail: string, parameter: string): RequestError {
  return new RequestError([{ ...errorObject(code, detail), source: { parameter } }]);
}

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
  workspaceRoles: ReadonlyMap<string, WorkspaceRole>;
  project?: { context: CandidacyContext; stageId: string };
}

/** Someone else's workspace is unknown, and a viewer may not add people, as AddPerson decides. */
function targetWorkspace(given: string | undefined, roles: ReadonlyMap<string, WorkspaceRole>): string | null {
  if (given === undefined) return null;
  const id = z.uuid().safeParse(given).data;
  const role = id === undefined ? undefined : roles.get(id);
  if (id === undefined || role === undefined) {
    throw fieldError("NOT_FOUND", "Workspace not found", importFields.workspaceId);
  }
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
  workspaceRoles: ReadonlyMap<string, WorkspaceRole>,
): Promise<ImportDestination> {
  const projectGiven = upload[importFields.projectId];
  const stageGiven = upload[importFields.stageId];
  if (projectGiven === undefined) {
    if (stageGiven !== undefined) throw fieldError("NOT_FOUND", "Stage not found", importFields.stageId);
    return { workspaceId: targetWorkspace(upload[importFields.workspaceId], workspaceRoles), workspaceRoles };
  }
  const projectId = z.uuid().safeParse(projectGiven).data;
  if (projectId === undefined) throw fieldError("NOT_FOUND", "Project not found", importFields.projectId);
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
    workspaceId: targetWorkspace(project.workspaceId, context.workspaceRoles),
    workspaceRoles: context.workspaceRoles,
    project: { context, stageId: stage.id },
  };
}
