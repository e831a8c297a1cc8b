import { isSendAllowed, type SendRules, sendCalendarOf } from "./send-rules.ts";
import { wallClockAt } from "./wall-clock.ts";

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;

/**
 * How far ahead a slot is looked for. A window that is never open (start at or after its end) has
 * no slot; every real calendar finds one within days, whatever its weekends and holidays.
 */
export const SEND_HORIZON_DAYS = 400;

/**
 * The instant a step goes out: the earliest instant at or after `after` plus `delayMinutes` whose
 * wall clock in `rules.timeZone` shows an hour inside the workday window (start inclusive, end
 * exclusive), on a date that is not a Saturday or Sunday unless allowed, nor a public holiday of
 * `rules.holidayCountry` unless allowed. `after` is when the previous step was sent, or when the
 * payload was sent for the first step.
 *
 * Reading the wall clock of each instant makes daylight saving time come out right by itself:
 * a window start that does not exist that day (the clock jumps over it) opens at the jump, and a
 * wall time that happens twice is reached the first time.
 *
 * Returns null when no such instant exists within SEND_HORIZON_DAYS, which happens only for a
 * window that never opens. The zone is an IANA id checked at the boundary; Intl throws a
 * RangeError for one it does not know.
 */
export function nextSendTime(after: Date, delayMinutes: number, rules: SendRules): Date | null {
  const calendar = sendCalendarOf(rules);
  if (calendar.startHour >= calendar.endHour) return null;
  const earliest = after.getTime() + Math.max(0, delayMinutes) * MINUTE_MS;
  const horizon = earliest + SEND_HORIZON_DAYS * 24 * HOUR_MS;

  let instant = earliest;
  while (instant <= horizon) {
    const clock = wallClockAt(instant, rules.timeZone);
    if (isSendAllowed(calendar, clock)) return new Date(instant);
    // Jump to the next wall-clock hour at which the answer can change: the window's start on an
    // allowed date before it, else the next local midnight. Nothing in between can be allowed.
    const targetHour = clock.hour < calendar.startHour && calendar.allowsDate(clock) ? calendar.startHour : 24;
    const sinceHour = clock.minute * MINUTE_MS + clock.second * 1000 + (instant % 1000);
    const target = instant + (targetHour - clock.hour) * HOUR_MS - sinceHour;
    // If the offset changes on the way, the wall clock jumps: stop at the change and look again.
    const change = offsetChangeBetween(instant, clock.offsetMs, target, rules.timeZone);
    instant = change ?? target;
  }
  return null;
}

/**
 * The first instant in (from, to] whose offset differs from `fromOffsetMs`, or null if the offset
 * at `to` is the same (a zone never changes its offset twice within one day). Offsets change on
 * whole seconds, so a binary search over seconds finds the change exactly.
 */
function offsetChangeBetween(from: number, fromOffsetMs: number, to: number, timeZone: string): number | null {
  if (wallClockAt(to, timeZone).offsetMs === fromOffsetMs) return null;
  let same = Math.floor(from / 1000);
  let changed = Math.ceil(to / 1000);
  while (changed - same > 1) {
    const middle = Math.floor((same + changed) / 2);
    if (wallClockAt(middle * 1000, timeZone).offsetMs === fromOffsetMs) same = middle;
    else changed = middle;
  }
  return changed * 1000;
}
