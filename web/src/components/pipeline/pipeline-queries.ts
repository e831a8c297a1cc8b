// The project's pipeline read from the replica. A project may hold tens of thousands of
// candidates: counts come from the replica's pipeline counts (one row per project, kept with every
// write) and a page is read with offset and limit on an index, so only the rows shown are ever
// loaded. A search reads the workspace's people once, then its matches each time the pipeline
// changes.
import { candidacyIdOf } from "@hirestream/contracts/candidacies/candidacy-id.ts";
import type { CandidacyRow } from "@hirestream/contracts/candidacies/rows.ts";
import type { PersonRow } from "@hirestream/contracts/people/rows.ts";
import { markLoadStep } from "../../load-steps.ts";
import { boardKeys, candidaciesById, candidacyTables, type ListPlace } from "../../replica/candidacy-store.ts";
import { workspaceOrderRange } from "../../replica/people-order.ts";
import type { PipelineCountsRow } from "../../replica/pipeline-counts.ts";
import type { ReplicaDb, Stored } from "../../replica/replica-db.ts";
import { matchesWords, type Page, searchWords } from "../people/person-search.ts";
import { pageWindow } from "./pipeline-paging.ts";

export interface StageCounts {
  all: number;
  /** By stage id; a stage nobody is in counts 0. */
  byStage: Readonly<Record<string, number>>;
}

/** The numbers on the stage chips: everyone in the project, and everyone in each stage, from its counts row (undefined: nobody in it). */
export function stageCountsOf(counts: PipelineCountsRow | undefined, stageIds: readonly string[]): StageCounts {
  const byStage: Record<string, number> = {};
  for (const stageId of stageIds) byStage[stageId] = counts?.by_stage[stageId] ?? 0;
  return { all: counts?.all ?? 0, byStage };
}

export interface PipelineQuery {
  workspaceId: string;
  projectId: string;
  /** Null: every stage (the All chip). */
  stageId: string | null;
  page: number;
  pageSize: number;
}

/** One row of the table: the candidacy and its person, who may not have reached the replica yet. */
export interface Candidate {
  candidacy: Stored<CandidacyRow>;
  person: Stored<PersonRow> | undefined;
}

/** A page, with the query and search it answers: the screen may still show it while the next one loads. */
export interface PipelinePage extends Page<Candidate> {
  query: PipelineQuery;
  searchBy: string;
}

/** The people a search found, named by the candidacy each would have in the project, in id order. */
export interface SearchResult {
  searchBy: string;
  candidacyIds: readonly string[];
}

const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The slow half of a search, kept apart so that moving candidates does not repeat it: one read of
 * the workspace's people (the server puts everyone assigned to a project into its workspace), each
 * person who holds every word named by their candidacy id in the project, in or out of it.
 */
export async function searchCandidacies(
  db: ReplicaDb,
  workspaceId: string,
  projectId: string,
  searchBy: string,
): Promise<SearchResult> {
  const words = searchWords(searchBy);
  if (words.length === 0) return { searchBy, candidacyIds: [] };
  const [lower, upper] = workspaceOrderRange(workspaceId);
  const people = await db.people.where("workspace_order").between(lower, upper).toArray();
  const candidacyIds = people
    .filter((person) => matchesWords(person, words))
    .map((person) => candidacyIdOf(projectId, person.id))
    .sort(byId);
  return { searchBy, candidacyIds };
}

/** The list's order (candidacy-store.ts' `boardKeys`), for rows read by id. */
export function newestAddedFirst(a: ListPlace, b: ListPlace) {
  return byId(b.created_at, a.created_at) || byId(b.id, a.id);
}

async function withPeople(db: ReplicaDb, candidacies: readonly Stored<CandidacyRow>[]): Promise<Candidate[]> {
  const people = await db.people.bulkGet(candidacies.map((candidacy) => candidacy.person_id));
  return candidacies.map((candidacy, index) => ({ candidacy, person: people[index] }));
}

/** Past this many people found, the project's keys are read instead of each match's row. */
const READ_MATCHES_BY_ID = 2_000;

/** Which of the people found are candidates of the project (and stage), in list order. */
async function matchesInStage(db: ReplicaDb, query: PipelineQuery, candidacyIds: readonly string[]): Promise<string[]> {
  if (candidacyIds.length <= READ_MATCHES_BY_ID) {
    const rows = await candidaciesById(db, candidacyIds);
    return rows
      .filter((row) => row !== undefined)
      .filter((row) => query.stageId === null || row.stage_id === query.stageId)
      .sort(newestAddedFirst)
      .map((row) => row.id);
  }
  // Keys only: far lighter than the rows, and the page's few rows are read by id after.
  const found = new Set(candidacyIds);
  return (await boardKeys(db, query)).filter((id) => found.has(id));
}

/**
 * A page of the pipeline, in list order (newest added first, then by id): a candidate keeps their
 * place when moved, and a search lists its matches in the same order. With
 * `search`, the page holds the candidates it found in the project (and stage).
 */
export function pipelinePage(db: ReplicaDb, query: PipelineQuery, search: SearchResult | null): Promise<PipelinePage> {
  // One read transaction: while candidates keep moving, sync writes come one after another, and a
  // live query read in several transactions lets a write in between, which throws the read away
  // to run it again. One transaction is ordered before the next write and finishes first.
  return db.transaction("r", [...candidacyTables(db), db.people, db.pipeline_counts], () =>
    readPipelinePage(db, query, search),
  );
}

async function readPipelinePage(
  db: ReplicaDb,
  query: PipelineQuery,
  search: SearchResult | null,
): Promise<PipelinePage> {
  const searchBy = search?.searchBy ?? "";
  if (search && searchWords(searchBy).length > 0) {
    const matches = await matchesInStage(db, query, search.candidacyIds);
    const window = pageWindow(matches.length, query.page, query.pageSize);
    const rows = await candidaciesById(db, matches.slice(window.offset, window.offset + query.pageSize));
    return {
      items: await withPeople(
        db,
        rows.filter((row) => row !== undefined),
      ),
      page: window.page,
      pages: window.pages,
      total: matches.length,
      query,
      searchBy,
    };
  }
  // Asked for beside the page's keys, not before them: the first page starts at the top whatever
  // the count, and a board's first read is one answer of the database shorter.
  const total = db.pipeline_counts.get(query.projectId).then((counts) => viewTotal(counts, query.stageId));
  return readBoardPage(db, query, total, undefined, searchBy);
}

/** How many candidates the view (the project, or one stage of it) holds, from the project's counts. */
export function viewTotal(counts: PipelineCountsRow | undefined, stageId: string | null): number {
  return (stageId === null ? counts?.all : counts?.by_stage[stageId]) ?? 0;
}

/**
 * A page of the pipeline without a search, for a screen that reads it again as the replica
 * changes: `total` is the view's count, read apart (a count changes with every move in the project),
 * and `oldest` the place of the last row the page showed when last read. A live query
 * runs again on writes to what it read, and a page read from the top of the list down to `oldest`
 * reads nothing a move of an older candidate writes: of a busy project's moves, mostly those off the
 * page, only those that can change the page make it read again. When the rows down to `oldest` no
 * longer fill the page (someone above it left), it reads on down the whole list, as without `oldest`.
 */
export function boardPage(
  db: ReplicaDb,
  query: PipelineQuery,
  total: number,
  oldest: ListPlace | undefined,
  shown?: readonly Candidate[],
): Promise<PipelinePage> {
  return db.transaction("r", [...candidacyTables(db), db.people], () =>
    readBoardPage(db, query, total, oldest, "", shown),
  );
}

/**
 * `total` may still be on its way (the database's own promise): only a page past the first needs
 * it to know where it starts. A count already known is not awaited: inside the read's transaction,
 * awaiting a value that is not the database's loses the transaction (Dexie: PrematureCommitError).
 */
async function readBoardPage(
  db: ReplicaDb,
  query: PipelineQuery,
  total: number | Promise<number>,
  oldest: ListPlace | undefined,
  searchBy: string,
  shown: readonly Candidate[] = [],
): Promise<PipelinePage> {
  const offset =
    query.page <= 1
      ? 0
      : pageWindow(typeof total === "number" ? total : await total, query.page, query.pageSize).offset;
  const upTo = offset + query.pageSize;
  // Keys from the top of the list down to the page's end, then the page's rows by id: a write
  // that takes one of those candidates out of the list (another stage, removed) is seen by the
  // live query by its key even when the write does not say where the row stood before. The
  // page is the list's first `upTo` keys' last ones, so any read that found `upTo` keys found them.
  // Read again as candidates move, the page mostly holds the same candidates and people as the
  // page `shown` before: theirs are asked for with the keys, one round trip to the database
  // rather than three one after another's answer, and read again only where the page differs.
  const [keysFrom, shownRows, shownPeople] = await Promise.all([
    boardKeys(db, query, { oldest, limit: upTo }),
    candidaciesById(
      db,
      shown.map((item) => item.candidacy.id),
    ),
    db.people.bulkGet(shown.map((item) => item.candidacy.person_id)),
  ]);
  const keys = keysFrom.length < upTo && oldest !== undefined ? await boardKeys(db, query, { limit: upTo }) : keysFrom;
  const pageKeys = keys.slice(offset);
  const sameKeys = pageKeys.length === shown.length && pageKeys.every((id, index) => shown[index]?.candidacy.id === id);
  const rows = (sameKeys ? shownRows : await candidaciesById(db, pageKeys)).filter((row) => row !== undefined);
  const samePeople =
    sameKeys &&
    rows.length === shown.length &&
    rows.every((row, index) => shown[index]?.candidacy.person_id === row.person_id);
  const items = samePeople
    ? rows.map((candidacy, index) => ({ candidacy, person: shownPeople[index] }))
    : await withPeople(db, rows);
  if (items.length > 0) markLoadStep("rows-read");
  const counted = typeof total === "number" ? total : await total;
  const window = pageWindow(counted, query.page, query.pageSize);
  return { items, page: window.page, pages: window.pages, total: counted, query, searchBy };
}
