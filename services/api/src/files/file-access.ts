import { DomainError } from "@hirestream/contracts/errors.ts";
import { mayInWorkspace } from "@hirestream/domain/permissions/permission-table.ts";
import {
  ARCHIVED_READ_ONLY,
  type ExistingProject,
  mayManage,
  mayRead,
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
  if (state.status !== "existing" || !mayRead(state.project, context))
    throw new DomainError("NOT_FOUND", asked.notFound);
  const { project } = state;
  if (asked.workspaceId !== undefined && asked.workspaceId !== project.workspaceId) {
    throw new DomainError("NOT_FOUND", asked.notFound);
  }
  if (asked.action === "read") return project;
  if (!mayChange(project, context, asked.action)) {
    const doing = asked.action === "upload" ? "adding files to" : "removing files from";
    throw new DomainError("FORBIDDEN", `Your role does not allow ${doing} this project`);
  }
  if (project.status === "Archived") throw new DomainError("VALIDATION", ARCHIVED_READ_ONLY);
  return project;
}

/**
 * Adding a file is contributing to the project, as creating one is: viewers modify nothing
 * (spec §6). Removing one is managing the project.
 */
function mayChange(project: ExistingProject, context: ProjectContext, action: "upload" | "remove"): boolean {
  if (action === "remove") return mayManage(project, context);
  const role = context.workspaceRoles.get(project.workspaceId);
  return role !== undefined && mayInWorkspace(role, "projects.create");
}
