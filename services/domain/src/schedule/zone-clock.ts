/** A wall-clock reading in some zone, as the milliseconds Date.UTC would give for it. */
export type WallTime = number;

const clocks = new Map<string, Intl.DateTimeFormat>();

function clockOf(timeZone: string): Intl.DateTimeFormat {
  let clock = clocks.get(timeZone);
  if (clock === undefined) {
    clock = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    clocks.set(timeZone, clock);
  }
  return clock;
}

/**
 * What a clock in `timeZone` shows at `instant`. Read from Intl directly: date-fns-tz's
 * getTimezoneOffset answers the wrong offset in the hour before some clock changes.
 */
export function wallTimeAt(instant: number, timeZone: string): WallTime {
  const parts: Record<string, number> = {};
  for (const part of clockOf(timeZone).formatToParts(instant)) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  const { year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0 } = parts;
  const millisecond = ((instant % 1000) + 1000) % 1000;
  return Date.UTC(year, month - 1, day, hour, minute, second, millisecond);
}

/** The first instant in (from, to] for which `reached` holds, given it holds at `to` and not at `from`. */
function firstWhere(from: number, to: number, reached: (instant: number) => boolean): number {
  let before = from;
  let after = to;
  while (after - before > 1) {
    const middle = Math.floor((before + after) / 2);
    if (reached(middle)) after = middle;
    else before = middle;
  }
  return after;
}

/**
 * Moving on from `from`, where the clock shows less than `wall`: the first instant at which it
 * shows `wall` or later (the moment of the jump, where clocks go forward over it), or, if the
 * clock is set back first, the moment it is set back, where the caller must look again.
 */
export function nextInstantTowards(from: number, wall: WallTime, timeZone: string): number {
  const shown = wallTimeAt(from, timeZone);
  const straight = from + (wall - shown);
  const shownThere = wallTimeAt(straight, timeZone);
  if (shownThere === wall) return straight;
  if (shownThere > wall) return firstWhere(from, straight, (instant) => wallTimeAt(instant, timeZone) >= wall);
  return firstWhere(from, straight, (instant) => wallTimeAt(instant, timeZone) < shown + (instant - from));
}
