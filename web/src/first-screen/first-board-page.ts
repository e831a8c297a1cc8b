// The first page of a project's board (All, no search), read as soon as the replica is open on a
// load that opens the project (first-list-of-path.ts): see early-read.ts.
import { type PipelinePage, type PipelineQuery, pipelinePage } from "../components/pipeline/pipeline-queries.ts";
import { readProjectWithWorkflow } from "../components/projects/use-projects.ts";
import { PAGE_SIZE_DEFAULT } from "../constants.ts";
import type { ReplicaDb } from "../replica/replica-db.ts";
import { projectCountsQuery } from "../replica/use-project-counts.ts";
import { EarlyRead } from "./early-read.ts";
import { earlyProject, projectReadKey } from "./first-project.ts";

export const earlyBoardPage = new EarlyRead<PipelinePage>();

/** Names a page of a board without a search, as the board's own read (use-pipeline-view.ts) asks for it. */
export const boardPageKey = (query: PipelineQuery) =>
  `${query.workspaceId} ${query.projectId} ${query.stageId ?? ""} ${query.page} ${query.pageSize}`;

/** How long the project's counts are read for a board that has not shown yet (the user went elsewhere). */
const COUNTS_HELD_MS = 10_000;

/**
 * Everything the board's first render shows the rows with, read before it: the page, the project
 * page's own rows (first-project.ts) and the project's counts (whether it holds anyone: the tab
 * shows its rows only once it knows), which the board's parts share (use-project-counts.ts).
 * Resolves once all three have answered; `uid` is the signed-in user as the session names them.
 */
export function beginFirstBoardPage(db: ReplicaDb, uid: string, workspaceId: string, projectId: string): Promise<void> {
  const query: PipelineQuery = { workspaceId, projectId, stageId: null, page: 1, pageSize: PAGE_SIZE_DEFAULT };
  const page = earlyBoardPage.begin(async () => ({
    key: boardPageKey(query),
    value: await pipelinePage(db, query, null),
  }));
  const project = earlyProject.begin(async () => {
    const value = await readProjectWithWorkflow(db, projectId, uid);
    return value === undefined ? undefined : { key: projectReadKey(projectId, uid), value };
  });
  return Promise.all([page, project, countsRead(db, projectId)]).then(() => undefined);
}

/**
 * Starts the project's shared counts query and keeps it running for a while, so that the board's
 * parts find its answer at their first render: a shared query ends, and forgets its answer, when
 * its last listener goes. Resolves at its first answer (or failure, the board's to show).
 */
function countsRead(db: ReplicaDb, projectId: string): Promise<void> {
  const counts = projectCountsQuery(db, projectId);
  return new Promise((resolve) => {
    const stop = counts.listen(() => resolve());
    setTimeout(stop, COUNTS_HELD_MS);
    if (counts.loaded || counts.error) resolve();
  });
}
