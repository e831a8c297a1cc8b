// The workspace dashboard read from the replica: the projects shown to the user, and each one's
// figures, read apart so that a change in one project recounts that project alone.

import {
  emptyTally,
  noOutreach,
  type ProjectStats,
  projectStats,
} from "@hirestream/contracts/analytics/project-stats.ts";
import { candidacyResponses } from "@hirestream/contracts/candidacies/events.ts";
import type { ProjectRow } from "@hirestream/contracts/projects/rows.ts";
import { compareProjects } from "../../components/projects/project-list.ts";
import type { ReplicaDb } from "../../replica/replica-db.ts";

/**
 * The projects of the workspace the user may read (the replica holds no others), newest first,
 * archived ones too, as the server's CSV lists them.
 */
export async function dashboardProjects(db: ReplicaDb, workspaceId: string): Promise<ProjectRow[]> {
  const projects = await db.projects.where("workspace_id").equals(workspaceId).toArray();
  return projects.sort(compareProjects).map(({ scopes: _scopes, _pending, ...project }) => project);
}

/**
 * A project's figures, from the replica's pipeline counts rather than its candidacies, so a big
 * project costs one row. Outreach is not in the replica yet: contacted, replies and open rate read 0.
 */
export async function projectStatsOf(db: ReplicaDb, projectId: string): Promise<ProjectStats> {
  const counts = await db.pipeline_counts.get(projectId);
  const tally = emptyTally();
  tally.candidacies = counts?.all ?? 0;
  for (const response of candidacyResponses) tally.responses[response] = counts?.by_response[response] ?? 0;
  return projectStats(tally, noOutreach);
}
