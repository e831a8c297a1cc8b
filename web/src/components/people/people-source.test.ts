import { describe, expect, it } from "vitest";
import { person } from "../pipeline/testing/pipeline-rows.ts";
import { listPage } from "./people-source.ts";

const rows = (count: number) => Array.from({ length: count }, (_, index) => person(index + 1));

describe("a people list's page before and after its count", () => {
  it("shows the rows before the count, without claiming a total it does not know", () => {
    const page = listPage(rows(10), 3, 10, undefined);
    expect(page).toMatchObject({ page: 3, counted: false });
    expect(page?.items).toHaveLength(10);
  });

  it("knows a first page shorter than a page is the whole list, counted or not", () => {
    expect(listPage(rows(4), 1, 10, undefined)).toMatchObject({ total: 4, pages: 1, counted: true });
    expect(listPage([], 1, 10, undefined)).toMatchObject({ total: 0, pages: 1, counted: true });
  });

  it("says nothing of an empty page past the first until the count says where the list ends", () => {
    expect(listPage([], 4, 10, undefined)).toBeUndefined();
  });

  it("takes the count's total and pages once read, and the last page for one past the end", () => {
    expect(listPage(rows(10), 2, 10, 10_000)).toMatchObject({ page: 2, pages: 1000, total: 10_000, counted: true });
    expect(listPage(rows(3), 9, 10, 23)).toMatchObject({ page: 3, pages: 3, total: 23, counted: true });
  });
});
