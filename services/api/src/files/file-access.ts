import { DomainError } from "@hirestream/contracts/errors.ts";
import { mayReachProject } from "@hirestream/contracts/permissions/permission-table.ts";
import {
  ARCHIVED_READ_ONLY,
  accessOf,
  type ExistingProject,
  mayOnProject,
  type ProjectContext,
  type ProjectState,
} from "@hirestream/domain/project/project.decider.ts";

/** What someone does with a project's files: see and download them, add one, or remove one. */
export type FileAction = "read" | "upload" | "remove";

export interface FileAccessRequest {
  action: FileAction;
  /** The workspace the request names, when it names one: a project of another is unknown there. */
  workspaceId?: string;
  /** The words of the 404, so a refusal never says more than "not found" about what was asked for. */
  notFound: string;
}

/**
 * The project whose files the actor may touch, or the refusal, checked in the order the project's
 * own commands check: unknown or unreadable first (404, never revealing it exists), then the role
 * (403), then the archive, which makes a project read-only (422).
 */
export function projectForFiles(
  state: ProjectState,
  context: ProjectContext,
  asked: FileAccessRequest,
): ExistingProject {
  if (state.status !== "existing") throw new DomainError("NOT_FOUND", asked.notFound);
  const { project } = state;
  const access = accessOf(project, context, state.members.get(context.actorId ?? ""));
  if (!mayReachProject(access, project)) throw new DomainError("NOT_FOUND", asked.notFound);
  if (asked.workspaceId !== undefined && asked.workspaceId !== project.workspaceId) {
    throw new DomainError("NOT_FOUND", asked.notFound);
  }
  if (asked.action === "read") return project;
  // Spec §6: adding a file contributes to the project, as adding people does; removing one edits it.
  if (!mayOnProject(project, access, asked.action === "upload" ? "files.add" : "project.edit")) {
    const doing = asked.action === "upload" ? "adding files to" : "removing files from";
    throw new DomainError("FORBIDDEN", `Your role does not allow ${doing} this project`);
  }
  if (project.status === "Archived") throw new DomainError("VALIDATION", ARCHIVED_READ_ONLY);
  return project;
}
