import type { ListQuery } from "@hirestream/contracts/lists.ts";
import { sql } from "kysely";
import type { Deps } from "../deps.ts";
import { searchWords } from "../people/people-queries.ts";
import { readableProjectIds } from "../projects/readable-projects.ts";

/** The project, when the user may read it (readable-projects.ts). */
export function findReadableProject(deps: Deps, userId: string, projectId: string) {
  return deps.db
    .selectFrom("read.projects as p")
    .select(["p.id", "p.workspace_id", "p.name", "p.status"])
    .where("p.id", "=", projectId)
    .where("p.id", "in", readableProjectIds(deps.db, userId))
    .executeTakeFirst();
}

/**
 * Candidacies in the projects the user may read, with what the lists show of their people and
 * projects. Every list starts here, so none can show a candidate of someone else's project.
 */
function readableCandidacies(deps: Deps, userId: string) {
  return deps.db
    .selectFrom("read.candidacies as c")
    .innerJoin("read.people as pe", "pe.id", "c.person_id")
    .innerJoin("read.projects as p", "p.id", "c.project_id")
    .where("c.project_id", "in", readableProjectIds(deps.db, userId))
    .select([
      "c.id",
      "c.project_id",
      "c.workspace_id",
      "c.person_id",
      "c.stage_id",
      "c.status",
      "c.response",
      "c.stage_entered_at",
      "c.created_at",
      "c.updated_at",
      "p.name as project_name",
      "p.status as project_status",
      "pe.first_name",
      "pe.last_name",
      "pe.email",
      "pe.email_second",
      "pe.email_work",
      "pe.avatar_url",
      "pe.company",
      "pe.title",
      "pe.city",
      "pe.state",
      "pe.country",
      "pe.linkedin",
    ]);
}

type CandidacyQuery = ReturnType<typeof readableCandidacies>;
export type CandidacyListRow = Awaited<ReturnType<CandidacyQuery["execute"]>>[number];

const likePattern = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The people search's own words and expression: a candidate is found as the people screens find them. */
function matching(query: CandidacyQuery, searchBy: string | undefined): CandidacyQuery {
  let filtered = query;
  for (const word of searchWords(searchBy)) {
    filtered = filtered.where(
      sql<boolean>`public.person_search_text(pe.first_name, pe.last_name, pe.email, pe.email_second, pe.email_work,
        pe.company, pe.title, pe.city, pe.state, pe.country) like ${likePattern(word)}`,
    );
  }
  return filtered;
}

async function page(query: CandidacyQuery, list: ListQuery): Promise<{ rows: CandidacyListRow[]; total: number }> {
  const rows = await query
    .select(sql<string>`count(*) over ()`.as("total"))
    // Newest candidates first, as they were added.
    .orderBy("c.created_at", "desc")
    .orderBy("c.id")
    .limit(list.limit)
    .offset((list.page - 1) * list.limit)
    .execute();
  if (rows[0]) return { rows, total: Number(rows[0].total) };
  // A page past the end carries no total: count on its own.
  const counted = await query.clearSelect().select(sql<string>`count(*)`.as("count")).executeTakeFirst();
  return { rows: [], total: Number(counted?.count ?? 0) };
}

/** A project's candidates, in the stages asked for (all when none). */
export function listCandidacies(
  deps: Deps,
  userId: string,
  projectId: string,
  list: ListQuery,
  stageIds: readonly string[],
) {
  let query = readableCandidacies(deps, userId).where("c.project_id", "=", projectId);
  if (stageIds.length > 0) query = query.where("c.stage_id", "in", stageIds);
  return page(matching(query, list.search_by), list);
}

/** Candidates of every project the user may read. */
export function searchCandidacies(deps: Deps, userId: string, list: ListQuery) {
  return page(matching(readableCandidacies(deps, userId), list.search_by), list);
}
