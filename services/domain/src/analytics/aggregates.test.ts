import { describe, expect, it } from "vitest";
import { hours, inPeriod, quantileCont, ratio } from "./aggregates.ts";

describe("quantileCont", () => {
  it("interpolates between the nearest ranks, as DuckDB's quantile_cont does", () => {
    expect(quantileCont([], 0.5)).toBeNull();
    expect(quantileCont([7], 0.9)).toBe(7);
    expect(quantileCont([4, 1, 3, 2], 0.5)).toBe(2.5);
    expect(quantileCont([10, 20, 30, 40, 50, 60, 70, 80, 90, 100], 0.9)).toBe(91);
    expect(quantileCont([1, 2, 3], 0.5)).toBe(2);
  });
});

describe("rounding and periods", () => {
  it("writes hours to 2 decimals and ratios to 4, half away from zero, and no ratio over zero", () => {
    expect(hours(5_400_000)).toBe(1.5);
    expect(hours(18_000)).toBe(0.01);
    expect(ratio(1, 3)).toBe(0.3333);
    expect(ratio(2, 3)).toBe(0.6667);
    expect(ratio(1, 0)).toBeNull();
  });

  it("takes the period's start and leaves out its end; open ends take everything", () => {
    expect(inPeriod(10, { from: 10, to: 20 })).toBe(true);
    expect(inPeriod(20, { from: 10, to: 20 })).toBe(false);
    expect(inPeriod(9, { from: 10, to: null })).toBe(false);
    expect(inPeriod(-5, { from: null, to: null })).toBe(true);
  });
});
