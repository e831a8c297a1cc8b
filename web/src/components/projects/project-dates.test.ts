import { describe, expect, it } from "vitest";
import { dateRangeText, formatProjectDate } from "./project-dates.ts";

describe("formatProjectDate", () => {
  it.each([
    ["2026-03-05", "Mar 5, 2026"],
    ["2026-12-31", "Dec 31, 2026"],
    ["2027-01-01", "Jan 1, 2027"],
  ])("%s → %s, the same day whatever the time zone", (date, text) => {
    expect(formatProjectDate(date)).toBe(text);
  });

  it("shows a value that is not an ISO date as it is", () => {
    expect(formatProjectDate("soon")).toBe("soon");
  });
});

describe("dateRangeText", () => {
  it("shows start date to deadline", () => {
    expect(dateRangeText({ start_date: "2026-03-05", deadline: "2026-06-30" })).toBe("Mar 5, 2026 – Jun 30, 2026");
  });

  it("says so when there is no deadline", () => {
    expect(dateRangeText({ start_date: "2026-03-05", deadline: null })).toBe("Mar 5, 2026 – No deadline");
  });

  it("says so when there is no start date", () => {
    expect(dateRangeText({ start_date: null, deadline: "2026-06-30" })).toBe("No start date – Jun 30, 2026");
    expect(dateRangeText({ start_date: null, deadline: null })).toBe("No start date – No deadline");
  });
});
