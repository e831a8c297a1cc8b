// The first page of a project's board (All, no search), read as soon as the replica is open on a
// load that opens the project (first-list-of-path.ts): see early-read.ts.
import { type PipelinePage, type PipelineQuery, pipelinePage } from "../components/pipeline/pipeline-queries.ts";
import { PAGE_SIZE_DEFAULT } from "../constants.ts";
import type { ReplicaDb } from "../replica/replica-db.ts";
import { EarlyRead } from "./early-read.ts";

export const earlyBoardPage = new EarlyRead<PipelinePage>();

/** Names a page of a board without a search, as the board's own read (use-pipeline-view.ts) asks for it. */
export const boardPageKey = (query: PipelineQuery) =>
  `${query.workspaceId} ${query.projectId} ${query.stageId ?? ""} ${query.page} ${query.pageSize}`;

export function beginFirstBoardPage(db: ReplicaDb, workspaceId: string, projectId: string): Promise<void> {
  const query: PipelineQuery = { workspaceId, projectId, stageId: null, page: 1, pageSize: PAGE_SIZE_DEFAULT };
  return earlyBoardPage.begin(async () => ({ key: boardPageKey(query), value: await pipelinePage(db, query, null) }));
}
