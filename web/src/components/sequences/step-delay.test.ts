import { describe, expect, it } from "vitest";
import { delayLabel, delayMinutes, delayParts } from "./step-delay.ts";

describe("a step's delay", () => {
  it("is stored as total minutes from days, hours and minutes", () => {
    expect(delayMinutes({ days: 1, hours: 2, minutes: 3 })).toBe(1440 + 120 + 3);
    expect(delayMinutes({ days: 0, hours: 0, minutes: 0 })).toBe(0);
  });

  it("keeps hours within 0-23 and minutes within 0-59, none below 0", () => {
    expect(delayMinutes({ days: -1, hours: 30, minutes: 75 })).toBe(23 * 60 + 59);
    expect(delayMinutes({ days: 1.7, hours: Number.NaN, minutes: 0 })).toBe(1440);
  });

  it("is split back into days, hours and minutes", () => {
    expect(delayParts(1440 * 2 + 61)).toEqual({ days: 2, hours: 1, minutes: 1 });
    expect(delayParts(1440)).toEqual({ days: 1, hours: 0, minutes: 0 });
  });

  it("reads Xd Yh Zm, or No delay", () => {
    expect(delayLabel(0)).toBe("No delay");
    expect(delayLabel(1440)).toBe("1d 0h 0m");
    expect(delayLabel(1440 * 3 + 4 * 60 + 5)).toBe("3d 4h 5m");
  });
});
