import { describe, expect, it } from "vitest";
import type { PipelinePage, PipelineQuery } from "../../../components/pipeline/pipeline-queries.ts";
import { pageStart, withCount } from "./board-page-count.ts";

const query: PipelineQuery = { workspaceId: "w", projectId: "p", stageId: null, page: 1, pageSize: 25 };
const read = (fields: Partial<PipelinePage> = {}): PipelinePage => ({
  items: [],
  page: 1,
  pages: 2,
  total: 30,
  query,
  searchBy: "",
  ...fields,
});

describe("pageStart", () => {
  it("stays where it was while a sync adds candidates below the page", () => {
    expect(pageStart(30, 1, 25)).toBe(pageStart(20_000, 1, 25));
    expect(pageStart(60, 2, 25)).toBe(pageStart(20_000, 2, 25));
  });

  it("moves when the list shrinks under the page shown", () => {
    expect(pageStart(80, 3, 25)).toBe(50);
    expect(pageStart(40, 3, 25)).toBe(25);
  });

  it("stays where the page asked for starts when the count comes, unless the page is past the end", () => {
    expect(pageStart(undefined, 1, 25)).toBe(pageStart(3, 1, 25));
    expect(pageStart(undefined, 3, 25)).toBe(pageStart(80, 3, 25));
    expect(pageStart(undefined, 3, 25)).not.toBe(pageStart(40, 3, 25));
  });
});

describe("withCount", () => {
  it("says the view's count as it is now, on a page read before it changed", () => {
    const shown = withCount(read(), 20_000, query);
    expect(shown.total).toBe(20_000);
    expect(shown.pages).toBe(800);
    expect(shown.page).toBe(1);
  });

  it("keeps the page itself while its count says the same", () => {
    const page = read();
    expect(withCount(page, 30, query)).toBe(page);
  });

  it("leaves a search's page and a page of another view as they were read", () => {
    const found = read({ searchBy: "ada", total: 3, pages: 1 });
    expect(withCount(found, 20_000, query)).toBe(found);
    const otherStage = read();
    expect(withCount(otherStage, 20_000, { ...query, stageId: "s" })).toBe(otherStage);
  });
});
