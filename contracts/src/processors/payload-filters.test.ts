import { describe, expect, it } from "vitest";
import { payloadStatusQuery } from "./commands.ts";
import { defaultFilter, filterOptions, filterStatuses, statusesForFilters } from "./payload-filters.ts";

describe("the status filter's words", () => {
  it.each([
    ["queue", ["sending"]],
    ["finished", ["finished", "replied"]],
    ["review", ["ready"]],
    ["pending", ["pending", "draft"]],
    ["paused", ["paused"]],
    ["failed", ["failed", "bounced"]],
  ] as const)("%s shows %j", (filter, statuses) => {
    expect(filterStatuses[filter]).toEqual(statuses);
  });

  it("several words show what each shows, once", () => {
    expect(statusesForFilters(["finished", "queue", "finished"])).toEqual(["finished", "replied", "sending"]);
  });

  it("no word shows everything", () => {
    expect(statusesForFilters([])).toBeNull();
  });
});

describe("the filter options of a stage", () => {
  it("without review: pending, queue, paused, failed, finished", () => {
    expect(filterOptions(false)).toEqual(["pending", "queue", "paused", "failed", "finished"]);
  });

  it("with review: review as well", () => {
    expect(filterOptions(true)).toEqual(["pending", "queue", "paused", "failed", "finished", "review"]);
  });

  it("opens on pending without review", () => {
    expect(defaultFilter(false)).toBe("pending");
  });

  it("opens on review (the ready ones) only when the stage has review", () => {
    expect(defaultFilter(true)).toBe("review");
  });

  it("offers its default among its options", () => {
    for (const review of [true, false]) expect(filterOptions(review)).toContain(defaultFilter(review));
  });
});

describe("by_status[] in a list query", () => {
  it("takes one word or several, in either spelling", () => {
    expect(payloadStatusQuery.parse({ "by_status[]": "queue", by_status: ["review", "failed"] })).toEqual({
      "by_status[]": ["queue"],
      by_status: ["review", "failed"],
    });
  });

  it("refuses a word the filter does not have", () => {
    const result = payloadStatusQuery.safeParse({ "by_status[]": ["sending"] });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("must be one of pending, queue, paused, failed, finished, review");
  });
});
