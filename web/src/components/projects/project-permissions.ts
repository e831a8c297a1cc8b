// What the signed-in user may do with a project, by their workspace role (spec §4, §6). The server
// decides the same way (services/domain/src/project/project.decider.ts); the screens only hide
// what it would refuse.
import type { ProjectRow } from "@hirestream/contracts/projects/rows.ts";
import type { WorkspaceRole } from "@hirestream/contracts/workspaces/events.ts";

/** Collaborators, managers and owners create projects; a viewer modifies nothing. */
export function mayCreateProjects(role: WorkspaceRole | undefined): boolean {
  return role === "owner" || role === "manager" || role === "collaborator";
}

export interface ProjectAbilities {
  /** Settings: the Active/Inactive switch, Edit, Archive, assigning a workflow and changing it. */
  edit: boolean;
  /** Remove, which an archived project still allows. */
  remove: boolean;
  /** Work inside it: add people, move them through its workflow. */
  work: boolean;
}

export const noAbilities: ProjectAbilities = { edit: false, remove: false, work: false };

/**
 * Owners and managers of the workspace manage every project; a collaborator manages the ones they
 * created and works in the others. Archived, a project can only be removed (spec §4).
 */
export function projectAbilities(
  project: Pick<ProjectRow, "status" | "user_id">,
  role: WorkspaceRole | undefined,
  userId: string | undefined,
): ProjectAbilities {
  if (!mayCreateProjects(role) || userId === undefined) return noAbilities;
  const manage = role === "owner" || role === "manager" || project.user_id === userId;
  if (project.status === "Archived") return { edit: false, remove: manage, work: false };
  return { edit: manage, remove: manage, work: true };
}

/** The spec's read-only project: archived, or a user who may not work in it. */
export function isReadOnly(abilities: ProjectAbilities): boolean {
  return !abilities.work;
}
