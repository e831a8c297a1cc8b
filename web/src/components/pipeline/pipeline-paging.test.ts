import { describe, expect, it } from "vitest";
import { pageWindow } from "./pipeline-paging.ts";

describe("pageWindow", () => {
  it("starts a page after the rows of the pages before it", () => {
    expect(pageWindow(45, 3, 20)).toEqual({ page: 3, pages: 3, offset: 40 });
  });

  it("counts a partly filled last page", () => {
    expect(pageWindow(41, 1, 10).pages).toBe(5);
    expect(pageWindow(40, 1, 10).pages).toBe(4);
  });

  it("shows one empty page for an empty list", () => {
    expect(pageWindow(0, 1, 10)).toEqual({ page: 1, pages: 1, offset: 0 });
  });

  it("falls back to the last page when the list shrank under the one shown", () => {
    expect(pageWindow(25, 7, 10)).toEqual({ page: 3, pages: 3, offset: 20 });
  });

  it("never goes before the first page", () => {
    expect(pageWindow(25, 0, 10)).toEqual({ page: 1, pages: 3, offset: 0 });
    expect(pageWindow(25, -2, 10).offset).toBe(0);
  });
});
