// The workspace dashboard read from the replica: the projects shown to the user, and each one's
// figures, read apart so that a change in one project recounts that project alone.
import type { ProjectRow } from "@hirestream/contracts/projects/rows.ts";
import { compareProjects, isShownTo } from "../../components/projects/project-list.ts";
import type { ReplicaDb } from "../../replica/replica-db.ts";
import { noOutreach, type ProjectStats, projectStats, tallyCandidacies } from "./project-stats.ts";

/**
 * The projects of the workspace the user is shown (spec §6: visible ones, and hidden ones they
 * created), newest first, archived ones too, as the server's CSV lists them.
 */
export async function dashboardProjects(db: ReplicaDb, workspaceId: string, userId: string): Promise<ProjectRow[]> {
  const projects = await db.projects.where("workspace_id").equals(workspaceId).toArray();
  return projects
    .filter((project) => isShownTo(project, userId))
    .sort(compareProjects)
    .map(({ scopes: _scopes, _pending, ...project }) => project);
}

/** A project's figures. Outreach is not in the replica yet: contacted, replies and open rate read 0. */
export async function projectStatsOf(db: ReplicaDb, projectId: string): Promise<ProjectStats> {
  const candidacies = await db.candidacies.where("project_id").equals(projectId).toArray();
  return projectStats(tallyCandidacies(candidacies), noOutreach);
}
