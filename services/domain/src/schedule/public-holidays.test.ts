import { describe, expect, it } from "vitest";
import { isPublicHoliday } from "./public-holidays.ts";

describe("isPublicHoliday", () => {
  it("knows the US federal holidays of 2026, observed days included", () => {
    expect(isPublicHoliday("US", "2026-11-26")).toBe(true);
    expect(isPublicHoliday("US", "2026-07-04")).toBe(true);
    expect(isPublicHoliday("US", "2026-07-03")).toBe(true);
    expect(isPublicHoliday("US", "2026-11-27")).toBe(false);
    expect(isPublicHoliday("US", "2026-11-24")).toBe(false);
  });

  it("counts public holidays only, not observances", () => {
    // Halloween and Valentine's Day are observances in date-holidays.
    expect(isPublicHoliday("US", "2026-10-31")).toBe(false);
    expect(isPublicHoliday("US", "2026-02-14")).toBe(false);
  });

  it("blocks every day of a holiday lasting several days", () => {
    // Eid al-Fitr 2026 in the United Arab Emirates: one entry of three days.
    expect(isPublicHoliday("AE", "2026-03-19")).toBe(false);
    expect(isPublicHoliday("AE", "2026-03-20")).toBe(true);
    expect(isPublicHoliday("AE", "2026-03-21")).toBe(true);
    expect(isPublicHoliday("AE", "2026-03-22")).toBe(true);
    expect(isPublicHoliday("AE", "2026-03-23")).toBe(false);
  });

  it("reads a country in any case, and knows no holidays of an unknown one", () => {
    expect(isPublicHoliday("gb", "2026-12-25")).toBe(true);
    expect(isPublicHoliday("ZZ", "2026-12-25")).toBe(false);
  });

  it("answers the same on the second asking (the memo saves work only)", () => {
    expect(isPublicHoliday("DE", "2026-10-03")).toBe(true);
    expect(isPublicHoliday("DE", "2026-10-03")).toBe(true);
    expect(isPublicHoliday("DE", "2026-10-04")).toBe(false);
  });
});
