import {
  emptyTally,
  noOutreach,
  type ProjectStats,
  projectStats,
} from "@hirestream/contracts/analytics/project-stats.ts";
import type { Deps } from "../deps.ts";

/**
 * The stats of the projects, counted from the candidacies read model in one grouped query (only
 * the candidacies in `stageId` when given), answered per project; a project without candidacies
 * has zeros. Outreach records do not exist yet, so contacted, replies and open rate are 0 for now.
 */
export async function statsOfProjects(
  deps: Deps,
  projectIds: readonly string[],
  stageId?: string,
): Promise<(projectId: string) => ProjectStats> {
  const stats = new Map<string, ProjectStats>();
  const of = (projectId: string) => stats.get(projectId) ?? projectStats(emptyTally(), noOutreach);
  if (projectIds.length === 0) return of;
  let query = deps.db
    .selectFrom("read.candidacies")
    .select((eb) => [
      "project_id",
      eb.fn.countAll<string>().as("candidacies"),
      eb.fn.countAll<string>().filterWhere("response", "=", "interested").as("interested"),
      eb.fn.countAll<string>().filterWhere("response", "=", "not_interested").as("not_interested"),
      eb.fn.countAll<string>().filterWhere("response", "=", "follow_up").as("follow_up"),
    ])
    .where("project_id", "in", projectIds)
    .groupBy("project_id");
  if (stageId !== undefined) query = query.where("stage_id", "=", stageId);
  for (const row of await query.execute()) {
    const tally = {
      candidacies: Number(row.candidacies),
      responses: {
        interested: Number(row.interested),
        not_interested: Number(row.not_interested),
        follow_up: Number(row.follow_up),
      },
    };
    stats.set(row.project_id, projectStats(tally, noOutreach));
  }
  return of;
}
