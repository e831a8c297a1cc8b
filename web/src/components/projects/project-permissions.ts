// What the signed-in user may do with a project: the permission table's answer
// (contracts/src/permissions/permission-table.ts) for their roles in its workspace and in the
// project itself. The server decides by the same table; the screens only hide what it would refuse.

import {
  mayInProject,
  mayInWorkspace,
  mayReachProject,
  type ProjectAccess,
} from "@hirestream/contracts/permissions/permission-table.ts";
import type { ProjectRole } from "@hirestream/contracts/projects/events.ts";
import type { ProjectRow } from "@hirestream/contracts/projects/rows.ts";
import type { WorkspaceRole } from "@hirestream/contracts/workspaces/events.ts";
import type { ReplicaDb } from "../../replica/replica-db.ts";

/** Collaborators, managers and owners create projects; a viewer modifies nothing. */
export function mayCreateProjects(role: WorkspaceRole | undefined): boolean {
  return role !== undefined && mayInWorkspace(role, "projects.create");
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

/** Archived, a project can only be removed (spec §4). */
export function projectAbilities(
  project: Pick<ProjectRow, "status" | "visible">,
  access: ProjectAccess,
): ProjectAbilities {
  if (!mayReachProject(access, project)) return noAbilities;
  const remove = mayInProject(access, "project.remove");
  if (project.status === "Archived") return { edit: false, remove, work: false };
  return { edit: mayInProject(access, "project.edit"), remove, work: mayInProject(access, "pipeline.work") };
}

/** The spec's read-only project: archived, or a user who may not work in it. */
export function isReadOnly(abilities: ProjectAbilities): boolean {
  return !abilities.work;
}

/** The user's role in each project they are a member of, as the replica holds their memberships. */
export async function projectRolesOf(db: ReplicaDb, userId: string): Promise<Map<string, ProjectRole>> {
  const memberships = await db.project_users.where("user_id").equals(userId).toArray();
  return new Map(memberships.map((member) => [member.project_id, member.role]));
}
