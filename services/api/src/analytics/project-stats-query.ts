import {
  type CandidacyTally,
  emptyTally,
  noOutreach,
  type OutreachTally,
  opensTracked,
  type ProjectStats,
  projectStats,
} from "@hirestream/contracts/analytics/project-stats.ts";
import { sql } from "kysely";
import type { Deps } from "../deps.ts";

/** A project's stats, and whether its open rate says anything (not when no message carried a pixel). */
export interface ProjectFigures {
  stats: ProjectStats;
  opensTracked: boolean;
}

/**
 * The figures of the projects: the candidacies read model's counts in one grouped query (only the
 * candidacies in `stageId` when given) and the messages read model's in another, answered per
 * project; a project without candidacies or messages has zeros. Contacted and replies count
 * candidates (a person mailed twice is contacted once); the open rate counts messages a person
 * opened over messages sent with a pixel.
 */
export async function figuresOfProjects(
  deps: Deps,
  projectIds: readonly string[],
  stageId?: string,
): Promise<(projectId: string) => ProjectFigures> {
  const tallies = new Map<string, CandidacyTally>();
  const outreach = new Map<string, OutreachTally>();
  const of = (projectId: string): ProjectFigures => {
    const sent = outreach.get(projectId) ?? noOutreach;
    return { stats: projectStats(tallies.get(projectId) ?? emptyTally(), sent), opensTracked: opensTracked(sent) };
  };
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
  let messages = deps.db
    .selectFrom("read.messages as m")
    .select([
      "m.project_id",
      sql<string>`count(distinct m.person_id) filter (where m.type = 'Message::Out')`.as("contacted"),
      sql<string>`count(distinct m.person_id) filter (where m.kind = 'reply')`.as("replied"),
      sql<string>`count(*) filter (where m.type = 'Message::Out' and m.tracked)`.as("sent"),
      sql<string>`count(*) filter (where m.type = 'Message::Out' and m.tracked and m.opened_at is not null)`.as(
        "opened",
      ),
      sql<string>`count(*) filter (where m.type = 'Message::Out' and not m.tracked)`.as("untracked"),
    ])
    .where("m.project_id", "in", projectIds)
    .groupBy("m.project_id");
  if (stageId !== undefined)
    messages = messages.where((eb) =>
      eb.exists(
        eb
          .selectFrom("read.payloads as pl")
          .select("pl.id")
          .whereRef("pl.id", "=", "m.processor_id")
          .where("pl.stage_id", "=", stageId),
      ),
    );
  const [candidacyRows, messageRows] = await Promise.all([query.execute(), messages.execute()]);
  for (const row of candidacyRows) {
    tallies.set(row.project_id, {
      candidacies: Number(row.candidacies),
      responses: {
        interested: Number(row.interested),
        not_interested: Number(row.not_interested),
        follow_up: Number(row.follow_up),
      },
    });
  }
  for (const row of messageRows) {
    outreach.set(row.project_id, {
      contacted: Number(row.contacted),
      replied: Number(row.replied),
      sent: Number(row.sent),
      opened: Number(row.opened),
      untracked: Number(row.untracked),
    });
  }
  return of;
}

/** The stats alone, as a project's meta.stats carries them (spec §3). */
export async function statsOfProjects(
  deps: Deps,
  projectIds: readonly string[],
  stageId?: string,
): Promise<(projectId: string) => ProjectStats> {
  const figuresOf = await figuresOfProjects(deps, projectIds, stageId);
  return (projectId) => figuresOf(projectId).stats;
}
