import { hourOfLabel } from "@hirestream/contracts/sequences/hours.ts";
import { publicHolidays } from "./public-holidays.ts";
import { nextInstantTowards, type WallTime, wallTimeAt } from "./zone-clock.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Steps of the search (a few per day): past a year of closed days the rules allow no time at all. */
const SEARCH_STEPS = 4 * 400;

/** When a step may go out (spec §3 Sequence and Step): the sequence's calendar and the step's hours. */
export interface SendRules {
  timeZone: string;
  /** The spec's hour labels ('8am', '8pm'); '--' leaves that side of the day open. */
  workdayStart: string;
  workdayEnd: string;
  allowSendWeekend: boolean;
  allowSendHoliday: boolean;
  /** ISO 3166 alpha-2; its public holidays are closed unless allowSendHoliday. */
  holidayCountry: string;
}

export class NoSendWindowError extends Error {
  constructor(rules: SendRules) {
    super(`No time within a year fits the step's hours and days in ${rules.timeZone}`);
    this.name = "NoSendWindowError";
  }
}

function hourOf(label: string, open: number): number {
  const hour = hourOfLabel(label);
  if (hour === undefined) throw new RangeError(`Not a workday hour: ${label}`);
  return hour ?? open;
}

function isClosedDay(day: WallTime, rules: SendRules): boolean {
  const date = new Date(day);
  const weekday = date.getUTCDay();
  if (!rules.allowSendWeekend && (weekday === 0 || weekday === 6)) return true;
  if (rules.allowSendHoliday) return false;
  return publicHolidays(rules.holidayCountry, date.getUTCFullYear()).has(date.toISOString().slice(0, 10));
}

/**
 * The first instant, `delayMinutes` after `after` or later, at which a step may be sent: when the
 * clocks of `rules.timeZone` show a time within the workday hours (start included, end excluded)
 * of a day that is not a closed weekend day or public holiday there. Hours a clock skips are never
 * shown, so never open; hours it repeats are open both times if they are in the window.
 */
export function nextSendTime(after: Date, delayMinutes: number, rules: SendRules): Date {
  const opens = hourOf(rules.workdayStart, 0) * HOUR;
  const closes = hourOf(rules.workdayEnd, 24) * HOUR;
  let instant = after.getTime() + delayMinutes * MINUTE;
  for (let step = 0; step < SEARCH_STEPS; step++) {
    const shown = wallTimeAt(instant, rules.timeZone);
    const day = shown - (((shown % DAY) + DAY) % DAY);
    if (isClosedDay(day, rules) || shown >= day + closes) {
      instant = nextInstantTowards(instant, day + DAY, rules.timeZone);
    } else if (shown < day + opens) {
      instant = nextInstantTowards(instant, day + opens, rules.timeZone);
    } else {
      return new Date(instant);
    }
  }
  throw new NoSendWindowError(rules);
}
