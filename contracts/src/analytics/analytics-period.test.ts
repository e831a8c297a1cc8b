import { describe, expect, it } from "vitest";
import { analyticsPeriodInput, periodOf } from "./analytics-period.ts";

describe("analytics period", () => {
  it("takes whole UTC days: from the first's midnight up to, not including, the midnight after the last", () => {
    expect(periodOf({ from: "2026-11-01", to: "2026-11-03" })).toEqual({
      from: Date.parse("2026-11-01T00:00:00.000Z"),
      to: Date.parse("2026-11-04T00:00:00.000Z"),
    });
    expect(periodOf({})).toEqual({ from: null, to: null });
  });

  it("refuses a start after the end and what is not a calendar date", () => {
    expect(analyticsPeriodInput.safeParse({ from: "2026-11-02", to: "2026-11-01" }).success).toBe(false);
    expect(analyticsPeriodInput.safeParse({ from: "2026-11-01", to: "2026-11-01" }).success).toBe(true);
    expect(analyticsPeriodInput.safeParse({ from: "2026-13-01" }).success).toBe(false);
    expect(analyticsPeriodInput.safeParse({ to: "yesterday" }).success).toBe(false);
  });
});
