import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { nextSendTime } from "./next-send-time.ts";
import { isPublicHoliday } from "./public-holidays.ts";
import type { SendRules } from "./send-rules.ts";
import { WORKDAY_HOUR_LABELS, type WorkdayHourLabel } from "./workday-hour.ts";

// The reference reads wall clocks another way than the code under test (a Swedish-locale string,
// which is ISO-shaped), so a shared mistake in reading parts cannot hide itself.
const referenceFormats = new Map<string, Intl.DateTimeFormat>();
function referenceClock(instant: number, timeZone: string): { date: string; hour: number; weekday: number } {
  let format = referenceFormats.get(timeZone);
  if (format === undefined) {
    format = new Intl.DateTimeFormat("sv-SE", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
    });
    referenceFormats.set(timeZone, format);
  }
  const text = format.format(instant);
  const date = text.slice(0, 10);
  return { date, hour: Number(text.slice(11, 13)), weekday: new Date(`${date}T00:00:00Z`).getUTCDay() };
}

function referenceAllows(instant: number, rules: SendRules): boolean {
  const clock = referenceClock(instant, rules.timeZone);
  const start = rules.workdayStart === "--" ? 0 : WORKDAY_HOUR_LABELS.indexOf(rules.workdayStart);
  const end = rules.workdayEnd === "--" ? 24 : WORKDAY_HOUR_LABELS.indexOf(rules.workdayEnd);
  if (clock.hour < start || clock.hour >= end) return false;
  if (!rules.allowSendWeekend && (clock.weekday === 0 || clock.weekday === 6)) return false;
  return rules.allowSendHoliday || !isPublicHoliday(rules.holidayCountry, clock.date);
}

const zones = Intl.supportedValuesOf("timeZone");
const hour = fc.integer({ min: 0, max: 23 });
/** A window the spec's pickers allow: start strictly before end, either side possibly '--'. */
const window = fc
  .tuple(fc.option(hour, { nil: null }), fc.option(hour, { nil: null }))
  .filter(([start, end]) => (start ?? 0) < (end ?? 24))
  .map(([start, end]): [WorkdayHourLabel, WorkdayHourLabel] => [
    start === null ? "--" : (WORKDAY_HOUR_LABELS[start] ?? "--"),
    end === null ? "--" : (WORKDAY_HOUR_LABELS[end] ?? "--"),
  ]);
type GeneratedRules = {
  timeZone: string;
  window: [WorkdayHourLabel, WorkdayHourLabel];
  allowSendWeekend: boolean;
  allowSendHoliday: boolean;
  holidayCountry: string;
};
const rules: fc.Arbitrary<GeneratedRules> = fc.record({
  timeZone: fc.constantFrom(...zones),
  window,
  // Offsets mostly change on Sundays: allowing weekends more often keeps those days in play.
  allowSendWeekend: fc.oneof(fc.constant(true), fc.boolean()),
  allowSendHoliday: fc.boolean(),
  holidayCountry: fc.constantFrom("US", "GB", "DE", "IN", "NZ", "AU", "BR", "JP", "CN", "FR", "IL", "AE", "NP", "CL"),
});
const toRules = (r: GeneratedRules): SendRules => ({
  timeZone: r.timeZone,
  workdayStart: r.window[0],
  workdayEnd: r.window[1],
  allowSendWeekend: r.allowSendWeekend,
  allowSendHoliday: r.allowSendHoliday,
  holidayCountry: r.holidayCountry,
});
const anyAfter = fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2035, 0, 1) });

// Mistakes live where the offset changes, which random instants seldom hit: the runs also start
// within a day of one of the chosen zone's own changes, found here through another reading of Intl.
const offsetFormats = new Map<string, Intl.DateTimeFormat>();
function offsetName(instant: number, timeZone: string): string {
  let format = offsetFormats.get(timeZone);
  if (format === undefined) {
    format = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" });
    offsetFormats.set(timeZone, format);
  }
  return format.formatToParts(instant).find((part) => part.type === "timeZoneName")?.value ?? "";
}
const DAY_MS = 86_400_000;
const changesMemo = new Map<string, number[]>();
function offsetChangesIn(timeZone: string, year: number): number[] {
  const key = `${timeZone}:${year}`;
  const memo = changesMemo.get(key);
  if (memo) return memo;
  const changes: number[] = [];
  // Weekly samples: no zone changes its offset twice within a week.
  const WEEK_MS = 7 * DAY_MS;
  for (let week = Date.UTC(year, 0, 1); week < Date.UTC(year + 1, 0, 1); week += WEEK_MS) {
    const before = offsetName(week, timeZone);
    if (before === offsetName(week + WEEK_MS, timeZone)) continue;
    let same = week;
    let changed = week + WEEK_MS;
    while (changed - same > 60_000) {
      const middle = same + Math.floor((changed - same) / 120_000) * 60_000;
      if (offsetName(middle, timeZone) === before) same = middle;
      else changed = middle;
    }
    changes.push(changed);
  }
  changesMemo.set(key, changes);
  return changes;
}
const nearChange = fc.record({
  year: fc.integer({ min: 2024, max: 2030 }),
  pick: fc.nat(),
  shift: fc.integer({ min: -DAY_MS / 2, max: DAY_MS / 8 }),
});
const startOf = (timeZone: string, near: { year: number; pick: number; shift: number } | number): number => {
  if (typeof near === "number") return near;
  const changes = offsetChangesIn(timeZone, near.year);
  const change = changes[near.pick % Math.max(1, changes.length)];
  // Whole minutes, so that the start itself sits on the grid where changes happen.
  return change === undefined
    ? Date.UTC(near.year, 5, 1) + near.shift
    : change + Math.round(near.shift / 60_000) * 60_000;
};
const after = fc.oneof({ arbitrary: anyAfter, weight: 1 }, { arbitrary: nearChange, weight: 3 });
const delay = fc.oneof(fc.constantFrom(0, 0, 60, 1440, 10_080), fc.integer({ min: 0, max: 60 * 24 * 30 }));

const QUARTER_MS = 15 * 60_000;

describe("nextSendTime, for any zone, window, flags, start and delay", () => {
  it("answers an allowed instant at or after the delay, with none allowed before it, and keeps it for a delay of 0", () => {
    fc.assert(
      fc.property(after, delay, rules, (start, delayMinutes, generated) => {
        const sendRules = toRules(generated);
        const afterMs = startOf(sendRules.timeZone, start);
        const earliest = afterMs + delayMinutes * 60_000;
        const result = nextSendTime(new Date(afterMs), delayMinutes, sendRules);
        expect(result).not.toBeNull();
        if (result === null) return;
        const sent = result.getTime();
        // At or after the delay, inside the window on an allowed date.
        expect(sent).toBeGreaterThanOrEqual(earliest);
        expect(referenceAllows(sent, sendRules)).toBe(true);
        // Minimal: the wall-clock hour and date change only on quarter hours of UTC (every zone's
        // offset and change today is a multiple of 15 minutes), so checking the start, every
        // quarter hour before the answer, and the minute and second just before it covers every
        // earlier instant.
        expect(sent === earliest || !referenceAllows(earliest, sendRules)).toBe(true);
        for (let instant = Math.ceil(earliest / QUARTER_MS) * QUARTER_MS; instant < sent; instant += QUARTER_MS) {
          expect(referenceAllows(instant, sendRules), new Date(instant).toISOString()).toBe(false);
        }
        for (const before of [sent - 60_000, sent - 1000]) {
          if (before >= earliest) expect(referenceAllows(before, sendRules)).toBe(false);
        }
        // Idempotent.
        expect(nextSendTime(result, 0, sendRules)).toEqual(result);
      }),
      { numRuns: 200 },
    );
  });
});
