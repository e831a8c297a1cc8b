import { mayReachProject } from "@hirestream/contracts/permissions/permission-table.ts";
import type { ProjectRole } from "@hirestream/contracts/projects/events.ts";
import type { ProjectRow } from "@hirestream/contracts/projects/rows.ts";
import type { WorkspaceRole } from "@hirestream/contracts/workspaces/events.ts";
import type { ReplicaDb, Stored } from "../../replica/replica-db.ts";
import { readSignedInUser } from "../../replica/signed-in-user.ts";

export interface ShownProject {
  project: Stored<ProjectRow>;
  workspaceName: string;
  role: WorkspaceRole;
  projectRole: ProjectRole | undefined;
  /** The user it was shown to. */
  userId: string;
}

/**
 * One project as the user may open it (spec §6, the permission table). The replica holds only the
 * projects the user may read, so this also answers for a project whose access was just lost, in
 * the moment before sync lets go of its rows.
 */
export async function shownProject(db: ReplicaDb, projectId: string, userId: string): Promise<ShownProject | null> {
  const project = await db.projects.get(projectId);
  if (!project) return null;
  const [workspace, member, projectMembers] = await Promise.all([
    db.workspaces.get(project.workspace_id),
    db.workspace_members.get(`${project.workspace_id}:${userId}`),
    db.project_users.where("project_id").equals(projectId).toArray(),
  ]);
  if (!workspace || !member) return null;
  const projectRole = projectMembers.find((each) => each.user_id === userId)?.role;
  if (!mayReachProject({ workspaceRole: member.role, projectRole }, project)) return null;
  return { project, workspaceName: workspace.name, role: member.role, projectRole, userId };
}

/**
 * The project as the user signed in as `uid` (their email) may open it, that user's row read by the
 * email in the same round of reads: undefined while the replica does not hold it yet, which on a
 * fresh profile comes with the project's own, in the first snapshot parts.
 */
export async function shownProjectFor(
  db: ReplicaDb,
  projectId: string,
  uid: string,
): Promise<ShownProject | null | undefined> {
  const user = await readSignedInUser(db, uid);
  return user ? shownProject(db, projectId, user.id) : undefined;
}
