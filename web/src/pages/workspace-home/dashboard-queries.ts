// The workspace dashboard read from the replica: the projects shown to the user, and each one's
// figures, read apart so that a change in one project recounts that project alone.

import {
  emptyTally,
  type OutreachTally,
  opensTracked,
  type ProjectStats,
  projectStats,
} from "@hirestream/contracts/analytics/project-stats.ts";
import { candidacyResponses } from "@hirestream/contracts/candidacies/events.ts";
import type { MessageRow } from "@hirestream/contracts/mailbox/message-rows.ts";
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
 * What the project's messages add up to, as the server counts them: candidates mailed and who
 * replied (each once), messages sent with a pixel and those a person opened, and those sent
 * without one. A mail proxy's fetch of a pixel is no open.
 */
export function outreachTally(
  messages: Iterable<Pick<MessageRow, "type" | "kind" | "person_id" | "tracked" | "opened_at">>,
): OutreachTally {
  const contacted = new Set<string>();
  const replied = new Set<string>();
  const tally = { sent: 0, opened: 0, untracked: 0 };
  for (const message of messages) {
    if (message.type === "Message::In") {
      if (message.kind === "reply") replied.add(message.person_id);
      continue;
    }
    contacted.add(message.person_id);
    // A row synced before opens were tracked has no flag: it carried no pixel.
    if (message.tracked !== true) tally.untracked += 1;
    else {
      tally.sent += 1;
      if (message.opened_at) tally.opened += 1;
    }
  }
  return { contacted: contacted.size, replied: replied.size, ...tally };
}

/** A project's stats, and whether its open rate says anything (not when no message carried a pixel). */
export interface ProjectFigures {
  stats: ProjectStats;
  opensTracked: boolean;
}

/**
 * A project's figures, from the replica's pipeline counts rather than its candidacies, so a big
 * project costs one row for those; outreach from the project's messages.
 */
export async function projectFiguresOf(db: ReplicaDb, projectId: string): Promise<ProjectFigures> {
  const counts = await db.pipeline_counts.get(projectId);
  const tally = emptyTally();
  tally.candidacies = counts?.all ?? 0;
  for (const response of candidacyResponses) tally.responses[response] = counts?.by_response[response] ?? 0;
  const outreach = outreachTally(await db.messages.where("project_id").equals(projectId).toArray());
  return { stats: projectStats(tally, outreach), opensTracked: opensTracked(outreach) };
}

export async function projectStatsOf(db: ReplicaDb, projectId: string): Promise<ProjectStats> {
  return (await projectFiguresOf(db, projectId)).stats;
}
