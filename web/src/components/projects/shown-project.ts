import type { ProjectRow } from "@hirestream/contracts/projects/rows.ts";
import type { WorkspaceRole } from "@hirestream/contracts/workspaces/events.ts";
import type { ReplicaDb, Stored } from "../../replica/replica-db.ts";
import { isShownTo } from "./project-list.ts";

export interface ShownProject {
  project: Stored<ProjectRow>;
  workspaceName: string;
  role: WorkspaceRole;
}

/**
 * One project as the user may open it: in a workspace of theirs, and visible or their own (spec §6).
 * Null otherwise, so a hidden project does not open by its URL from a replica that still holds it.
 */
export async function shownProject(db: ReplicaDb, projectId: string, userId: string): Promise<ShownProject | null> {
  const project = await db.projects.get(projectId);
  if (!project || !isShownTo(project, userId)) return null;
  const [workspace, member] = await Promise.all([
    db.workspaces.get(project.workspace_id),
    db.workspace_members.get(`${project.workspace_id}:${userId}`),
  ]);
  if (!workspace || !member) return null;
  return { project, workspaceName: workspace.name, role: member.role };
}
