import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { nextCredentialSlot } from "./credential-slot.ts";

const DAY_MS = 86_400_000;
// Inputs sit on a quarter-hour grid; every moment the answer can be is then on the grid too (the
// desired time, a send plus the gap, a send plus a day), so checking the grid checks every instant.
const GRID_MS = 15 * 60_000;
const base = Date.parse("2026-11-24T00:00:00Z");

/** Whether sends keep both limits, counted the slow way. */
function keepsLimits(sends: readonly number[], dailyLimit: number, gapMs: number): boolean {
  const sorted = [...sends].sort((a, b) => a - b);
  for (let i = 1; i < sorted.length; i++) {
    if ((sorted[i] ?? 0) - (sorted[i - 1] ?? 0) < gapMs) return false;
  }
  // The fullest window starts at a send.
  return sorted.every((start) => sorted.filter((send) => send >= start && send < start + DAY_MS).length <= dailyLimit);
}

const limits = fc.record({
  dailyLimit: fc.integer({ min: 1, max: 5 }),
  gapMinutes: fc.constantFrom(0, 15, 30, 60, 240),
});
// Requests come in any order, as reservations for later steps do.
const requests = fc.array(fc.integer({ min: 0, max: (3 * DAY_MS) / GRID_MS }), { minLength: 1, maxLength: 12 });

describe("nextCredentialSlot, for any limits and any order of requests", () => {
  it("never lets a credential exceed its daily limit or its gap, and moves each send no later than needed", () => {
    fc.assert(
      fc.property(limits, requests, ({ dailyLimit, gapMinutes }, steps) => {
        const gapMs = gapMinutes * 60_000;
        const sends: number[] = [];
        for (const step of steps) {
          const desired = base + step * GRID_MS;
          const sorted = [...sends].sort((a, b) => a - b);
          const slot = nextCredentialSlot(
            new Date(desired),
            sorted.map((send) => new Date(send)),
            { dailyLimit, minGapSeconds: gapMinutes * 60 },
          ).getTime();
          expect(slot).toBeGreaterThanOrEqual(desired);
          expect(keepsLimits([...sends, slot], dailyLimit, gapMs)).toBe(true);
          for (let earlier = desired; earlier < slot; earlier += GRID_MS) {
            expect(keepsLimits([...sends, earlier], dailyLimit, gapMs), new Date(earlier).toISOString()).toBe(false);
          }
          sends.push(slot);
        }
        expect(keepsLimits(sends, dailyLimit, gapMs)).toBe(true);
      }),
      { numRuns: 100 },
    );
  });
});
