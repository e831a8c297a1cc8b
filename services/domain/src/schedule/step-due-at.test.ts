import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { nextCredentialSlot } from "./credential-slot.ts";
import type { SendRules } from "./send-rules.ts";
import { isSendAllowed, sendCalendarOf } from "./send-rules.ts";
import { stepDueAt } from "./step-due-at.ts";
import { wallClockAt } from "./wall-clock.ts";
import { workdayHourLabel } from "./workday-hour.ts";

const chicago: SendRules = {
  timeZone: "America/Chicago",
  workdayStart: "8am",
  workdayEnd: "8pm",
  allowSendWeekend: false,
  allowSendHoliday: false,
  holidayCountry: "US",
};
const limits = { dailyLimit: 3, minGapSeconds: 600 };

describe("stepDueAt", () => {
  it("sends a first step without delay at once inside the window", () => {
    // Tuesday 24 November 2026, 10:00 in Chicago.
    const base = new Date("2026-11-24T16:00:00Z");
    expect(stepDueAt({ base, delayMinutes: 0, rules: chicago, now: base, credential: null })).toEqual(base);
  });

  it("waits a day's delay, then skips Thanksgiving and the weekend to the next workday morning", () => {
    // Wednesday 25 November, 21:00 in Chicago; a day later is Thanksgiving evening.
    const base = new Date("2026-11-26T03:00:00Z");
    const due = stepDueAt({ base, delayMinutes: 1440, rules: chicago, now: base, credential: null });
    // Friday 27 November 08:00 in Chicago.
    expect(due).toEqual(new Date("2026-11-27T14:00:00Z"));
  });

  it("never schedules in the past: a step whose time went by goes at the next open moment after now", () => {
    const base = new Date("2026-11-16T16:00:00Z");
    const now = new Date("2026-11-24T16:30:00Z");
    expect(stepDueAt({ base, delayMinutes: 60, rules: chicago, now, credential: null })).toEqual(now);
  });

  it("moves a step past the credential's minimum gap rather than failing it", () => {
    const base = new Date("2026-11-24T16:00:00Z");
    const booked = [new Date("2026-11-24T15:55:00Z")];
    const due = stepDueAt({ base, delayMinutes: 0, rules: chicago, now: base, credential: { booked, limits } });
    expect(due).toEqual(new Date("2026-11-24T16:05:00Z"));
  });

  it("carries a step over a full day to the next allowed morning", () => {
    // Three sends already on Friday evening fill the day; the next slot is a day after the first,
    // which lands on Saturday: the window sends it on Monday morning.
    const booked = ["2026-11-27T23:00:00Z", "2026-11-28T00:00:00Z", "2026-11-28T01:00:00Z"].map((at) => new Date(at));
    const base = new Date("2026-11-28T01:30:00Z");
    const due = stepDueAt({ base, delayMinutes: 0, rules: chicago, now: base, credential: { booked, limits } });
    expect(due).toEqual(new Date("2026-11-30T14:00:00Z"));
  });

  it("answers null for a window that never opens", () => {
    const closed = { ...chicago, workdayStart: "8pm", workdayEnd: "8am" } as const;
    const base = new Date("2026-11-24T16:00:00Z");
    expect(stepDueAt({ base, delayMinutes: 0, rules: closed, now: base, credential: null })).toBeNull();
  });

  it("for any bookings and delay, lands inside the window, after base plus delay and now, where the credential has room", () => {
    const zones = fc.constantFrom("America/Chicago", "Europe/Berlin", "Asia/Kolkata", "Australia/Sydney");
    fc.assert(
      fc.property(
        zones,
        fc.integer({ min: 0, max: 10 }),
        fc.integer({ min: 13, max: 23 }),
        fc.integer({ min: 0, max: 3 * 1440 }),
        fc.array(fc.integer({ min: -2 * 1440, max: 4 * 1440 }), { maxLength: 12 }),
        fc.boolean(),
        (timeZone, start, end, delay, bookedMinutes, weekend) => {
          const rules: SendRules = {
            ...chicago,
            timeZone,
            workdayStart: workdayHourLabel(start),
            workdayEnd: workdayHourLabel(end),
            allowSendWeekend: weekend,
          };
          const base = new Date("2026-03-06T12:00:00Z");
          const booked = bookedMinutes.map((minutes) => new Date(base.getTime() + minutes * 60_000));
          const due = stepDueAt({ base, delayMinutes: delay, rules, now: base, credential: { booked, limits } });
          expect(due).not.toBeNull();
          if (due === null) return;
          expect(due.getTime()).toBeGreaterThanOrEqual(base.getTime() + delay * 60_000);
          expect(isSendAllowed(sendCalendarOf(rules), wallClockAt(due.getTime(), timeZone))).toBe(true);
          expect(nextCredentialSlot(due, booked, limits)).toEqual(due);
        },
      ),
      { numRuns: 300 },
    );
  });
});
