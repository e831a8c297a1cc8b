import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { nextCredentialSlot, type SendingLimits } from "./credential-slot.ts";

const DAY = 86_400_000;
const at = (iso: string) => new Date(iso);
const minutes = (n: number) => n * 60_000;

describe("nextCredentialSlot", () => {
  const limits: SendingLimits = { dailyLimit: 3, minGapSeconds: 60 };

  it("keeps the desired time when the credential is idle", () => {
    expect(nextCredentialSlot(at("2026-11-24T10:00:00Z"), [], limits).toISOString()).toBe("2026-11-24T10:00:00.000Z");
  });

  it("leaves the minimum gap after and before the credential's other messages", () => {
    const taken = [at("2026-11-24T10:00:00Z"), at("2026-11-24T10:01:30Z")];
    expect(nextCredentialSlot(at("2026-11-24T10:00:20Z"), taken, limits).toISOString()).toBe(
      "2026-11-24T10:02:30.000Z",
    );
    expect(nextCredentialSlot(at("2026-11-24T09:59:30Z"), taken, limits).toISOString()).toBe(
      "2026-11-24T10:02:30.000Z",
    );
    expect(nextCredentialSlot(at("2026-11-24T09:58:00Z"), taken, limits).toISOString()).toBe(
      "2026-11-24T09:58:00.000Z",
    );
  });

  it("moves a message past the day in which the limit is used up, rather than refusing it", () => {
    const taken = [at("2026-11-24T08:00:00Z"), at("2026-11-24T09:00:00Z"), at("2026-11-24T10:00:00Z")];
    expect(nextCredentialSlot(at("2026-11-24T11:00:00Z"), taken, limits).toISOString()).toBe(
      "2026-11-25T08:00:00.000Z",
    );
  });

  it("does not crowd a later day that is already full", () => {
    const taken = [at("2026-11-25T08:00:00Z"), at("2026-11-25T09:00:00Z"), at("2026-11-25T10:00:00Z")];
    // 24 hours before the first of them would share a day with all three.
    expect(nextCredentialSlot(at("2026-11-24T09:00:00Z"), taken, limits).toISOString()).toBe(
      "2026-11-24T09:00:00.000Z",
    );
    expect(nextCredentialSlot(at("2026-11-24T08:30:00Z"), taken, limits).toISOString()).toBe(
      "2026-11-24T08:30:00.000Z",
    );
  });
});

/** Every 24-hour window that starts at a message holds at most the limit. */
function dailyCounts(sends: readonly number[]): number[] {
  return sends.map((start) => sends.filter((send) => send >= start && send < start + DAY).length);
}

describe("nextCredentialSlot, for any order of requests", () => {
  const requests = fc.array(fc.integer({ min: 0, max: minutes(5 * 24 * 60) }), { minLength: 1, maxLength: 60 });
  const limits = fc.record({
    dailyLimit: fc.integer({ min: 1, max: 20 }),
    minGapSeconds: fc.integer({ min: 0, max: 7200 }),
  });
  const base = Date.parse("2026-11-24T00:00:00Z");

  it("never puts more than the daily limit in a day, nor two messages closer than the gap", () => {
    fc.assert(
      fc.property(requests, limits, (desired, limit) => {
        const taken: Date[] = [];
        for (const offset of desired) {
          const slot = nextCredentialSlot(new Date(base + offset), taken, limit);
          expect(slot.getTime()).toBeGreaterThanOrEqual(base + offset);
          taken.push(slot);
        }
        const sends = taken.map((time) => time.getTime()).sort((a, b) => a - b);
        for (const count of dailyCounts(sends)) expect(count).toBeLessThanOrEqual(limit.dailyLimit);
        for (let index = 1; index < sends.length; index++)
          expect((sends[index] ?? 0) - (sends[index - 1] ?? 0)).toBeGreaterThanOrEqual(limit.minGapSeconds * 1000);
      }),
      { numRuns: 200 },
    );
  });

  it("gives the earliest slot that keeps both limits", () => {
    fc.assert(
      fc.property(requests, limits, fc.integer({ min: 0, max: minutes(5 * 24 * 60) }), (desired, limit, asked) => {
        const taken: Date[] = [];
        for (const offset of desired) taken.push(nextCredentialSlot(new Date(base + offset), taken, limit));
        const slot = nextCredentialSlot(new Date(base + asked), taken, limit).getTime();
        const sends = taken.map((time) => time.getTime());
        const keeps = (time: number) => {
          const all = [...sends, time].sort((a, b) => a - b);
          const gapKept = sends.every((send) => Math.abs(send - time) >= limit.minGapSeconds * 1000);
          return gapKept && dailyCounts(all).every((count) => count <= limit.dailyLimit);
        };
        expect(keeps(slot)).toBe(true);
        // Earlier times, a minute apart (each limit is released at a message's time plus a whole gap or day).
        const earlier = [...sends.flatMap((send) => [send + limit.minGapSeconds * 1000, send + DAY])].filter(
          (time) => time >= base + asked && time < slot,
        );
        for (const time of earlier) expect(keeps(time)).toBe(false);
        for (let time = base + asked; time < slot; time += minutes(37)) expect(keeps(time)).toBe(false);
      }),
      { numRuns: 150 },
    );
  });
});
