import { HOUR_LABELS } from "@hirestream/contracts/sequences/hours.ts";
import { timeZones } from "@hirestream/contracts/sequences/time-zones.ts";
import { formatInTimeZone } from "date-fns-tz";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { nextSendTime, type SendRules } from "./next-send-time.ts";
import { publicHolidays } from "./public-holidays.ts";

const MINUTE = 60_000;
const SAMPLE = 15 * MINUTE;

// A window is at least an hour on the clock, and clocks move by at least half an hour, so an open
// stretch of time lasts at least 30 minutes: sampling every 15 finds any that exists.
const windows = fc
  .tuple(fc.integer({ min: -1, max: 23 }), fc.integer({ min: 1, max: 24 }))
  .filter(([start, end]) => start === -1 || end === 24 || start < end)
  .map(([start, end]) => ({
    workdayStart: start === -1 ? "--" : (HOUR_LABELS[start] ?? "--"),
    workdayEnd: end === 24 ? "--" : (HOUR_LABELS[end] ?? "--"),
  }));

const rules: fc.Arbitrary<SendRules> = fc
  .record({
    timeZone: fc.constantFrom(...timeZones.map(([id]) => id)),
    window: windows,
    allowSendWeekend: fc.boolean(),
    allowSendHoliday: fc.boolean(),
    holidayCountry: fc.constantFrom("US", "GB", "DE", "IN", "BR", "JP", "AU", "NZ", "AQ"),
  })
  .map(({ window, ...rest }) => ({ ...rest, ...window }));

const after = fc.date({
  min: new Date("2020-01-01T00:00:00Z"),
  max: new Date("2035-12-31T00:00:00Z"),
  noInvalidDate: true,
});
const delay = fc.oneof(fc.constant(0), fc.constant(1440), fc.integer({ min: 0, max: 20_000 }));

/** An independent reading of the rules: the clock of the zone, as date-fns-tz formats it. */
function allowed(instant: Date, rule: SendRules): boolean {
  const [weekday = "", hour = "", date = ""] = formatInTimeZone(instant, rule.timeZone, "i H yyyy-MM-dd").split(" ");
  if (!rule.allowSendWeekend && (weekday === "6" || weekday === "7")) return false;
  if (!rule.allowSendHoliday && publicHolidays(rule.holidayCountry, Number(date.slice(0, 4))).has(date)) return false;
  const start = HOUR_LABELS.indexOf(rule.workdayStart);
  const end = HOUR_LABELS.indexOf(rule.workdayEnd);
  return Number(hour) >= Math.max(start, 0) && (end === -1 || Number(hour) < end);
}

describe("nextSendTime, for any time zone, window, calendar and delay", () => {
  it("answers a time no earlier than the delay allows, inside the rules", () => {
    fc.assert(
      fc.property(after, delay, rules, (from, minutes, rule) => {
        const sent = nextSendTime(from, minutes, rule);
        expect(sent.getTime()).toBeGreaterThanOrEqual(from.getTime() + minutes * MINUTE);
        expect(allowed(sent, rule)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it("answers the earliest such time: none before it fits", () => {
    fc.assert(
      fc.property(after, delay, rules, (from, minutes, rule) => {
        const earliest = from.getTime() + minutes * MINUTE;
        const sent = nextSendTime(from, minutes, rule).getTime();
        for (let time = earliest; time < sent; time += SAMPLE) expect(allowed(new Date(time), rule)).toBe(false);
      }),
      { numRuns: 150 },
    );
  });

  it("keeps a time that already fits", () => {
    fc.assert(
      fc.property(after, delay, rules, (from, minutes, rule) => {
        const sent = nextSendTime(from, minutes, rule);
        expect(nextSendTime(sent, 0, rule).getTime()).toBe(sent.getTime());
      }),
      { numRuns: 200 },
    );
  });
});

const changesSeen = new Map<string, Date[]>();

/** Where `zone`'s clock changes its offset in `year`, to the minute. */
function offsetChanges(zone: string, year: number): Date[] {
  const seen = changesSeen.get(`${zone}:${year}`);
  if (seen !== undefined) return seen;
  const offset = (time: number) => {
    const wall = formatInTimeZone(new Date(time), zone, "yyyy-MM-dd'T'HH:mm:ss'Z'");
    return Date.parse(wall) - Math.floor(time / 1000) * 1000;
  };
  const changes: Date[] = [];
  const step = 12 * 60 * MINUTE;
  for (let time = Date.UTC(year, 0, 1); time < Date.UTC(year + 1, 0, 1); time += step) {
    if (offset(time) === offset(time + step)) continue;
    let before = time;
    let after = time + step;
    while (after - before > MINUTE) {
      const middle = before + Math.floor((after - before) / 2 / MINUTE) * MINUTE;
      if (offset(middle) === offset(before)) before = middle;
      else after = middle;
    }
    changes.push(new Date(after));
  }
  changesSeen.set(`${zone}:${year}`, changes);
  return changes;
}

const zonesWithClockChanges = [
  "America/Chicago",
  "Europe/London",
  "Australia/Lord_Howe",
  "Pacific/Chatham",
  "America/Santiago",
  "Asia/Beirut",
  "America/St_Johns",
];

describe("nextSendTime around the days clocks change", () => {
  it("opens windows that start or end in a skipped or repeated hour at a time that fits, and the first one", () => {
    const cases = fc
      .record({
        zone: fc.constantFrom(...zonesWithClockChanges),
        year: fc.integer({ min: 2024, max: 2030 }),
        which: fc.nat(),
        before: fc.integer({ min: 0, max: 36 * 60 }),
        startShift: fc.integer({ min: -1, max: 1 }),
        length: fc.integer({ min: 1, max: 3 }),
      })
      .chain((pick) => {
        const changes = offsetChanges(pick.zone, pick.year);
        const change = changes[pick.which % Math.max(changes.length, 1)];
        return fc.constant({ ...pick, change });
      });
    fc.assert(
      fc.property(cases, ({ zone, change, before, startShift, length }) => {
        if (change === undefined) return;
        const hourAround = Number(formatInTimeZone(new Date(change.getTime() - MINUTE), zone, "H")) + startShift;
        const start = Math.min(Math.max(hourAround, 0), 22);
        const rule: SendRules = {
          timeZone: zone,
          workdayStart: HOUR_LABELS[start] ?? "--",
          workdayEnd: HOUR_LABELS[start + length] ?? "--",
          allowSendWeekend: true,
          allowSendHoliday: true,
          holidayCountry: "US",
        };
        const from = new Date(change.getTime() - before * MINUTE);
        const sent = nextSendTime(from, 0, rule);
        expect(allowed(sent, rule)).toBe(true);
        for (let time = from.getTime(); time < sent.getTime(); time += SAMPLE)
          expect(allowed(new Date(time), rule)).toBe(false);
      }),
      { numRuns: 120 },
    );
  });
});
