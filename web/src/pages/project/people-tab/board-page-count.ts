// The board's page and the project's counts are read apart: the counts change with every candidate
// a sync writes, while the page changes only for writes to its own rows or above them. The page is
// read again only when its place in the list moves; its total and page count follow the counts.

import { searchWords } from "../../../components/people/person-search.ts";
import { pageWindow } from "../../../components/pipeline/pipeline-paging.ts";
import type { PipelinePage, PipelineQuery } from "../../../components/pipeline/pipeline-queries.ts";

/**
 * Where the page starts in the list for the view's count: the page read depends on this, not on
 * the count, so that a sync adding candidates below the page does not read it again for each
 * write. While the count is read, where the page would start were the list long enough: the count
 * that comes then moves it only if the page is past the list's end.
 */
export function pageStart(total: number | undefined, page: number, pageSize: number): number {
  return pageWindow(total ?? Number.POSITIVE_INFINITY, page, pageSize).offset;
}

/**
 * The page as the screen shows it: a page of the view `query` asks for (not a search's) says the
 * view's count as it is now, whenever its rows were read; the same page while that says the same.
 */
export function withCount(page: PipelinePage, total: number | undefined, query: PipelineQuery): PipelinePage {
  const sameView =
    page.query.projectId === query.projectId &&
    page.query.stageId === query.stageId &&
    page.query.pageSize === query.pageSize &&
    page.query.page === query.page;
  if (total === undefined || !sameView || searchWords(page.searchBy).length > 0) return page;
  const window = pageWindow(total, query.page, query.pageSize);
  if (page.total === total && page.pages === window.pages && page.page === window.page) return page;
  return { ...page, total, pages: window.pages, page: window.page };
}
