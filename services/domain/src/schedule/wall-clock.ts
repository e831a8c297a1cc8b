/** A wall-clock reading of an instant in one IANA time zone. */
export type WallClock = {
  /** The local calendar date, YYYY-MM-DD. */
  date: string;
  /** 0 = Sunday … 6 = Saturday, of the local date. */
  weekday: number;
  hour: number;
  minute: number;
  second: number;
  /** Local time minus UTC, in milliseconds, at this instant. */
  offsetMs: number;
};

// Formatters are costly to build and cheap to use: one per zone, kept for the process's life.
// The memo is invisible from outside (same answers with or without it).
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Whether the runtime knows this IANA zone. */
export function isKnownTimeZone(timeZone: string): boolean {
  if (formatters.has(timeZone)) return true;
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** What a clock on the wall in `timeZone` shows at `instantMs` (milliseconds since the epoch). */
export function wallClockAt(instantMs: number, timeZone: string): WallClock {
  let year = 0;
  let month = 0;
  let day = 0;
  let hour = 0;
  let minute = 0;
  let second = 0;
  for (const part of formatterFor(timeZone).formatToParts(instantMs)) {
    const value = Number(part.value);
    if (part.type === "year") year = value;
    else if (part.type === "month") month = value;
    else if (part.type === "day") day = value;
    else if (part.type === "hour") hour = value;
    else if (part.type === "minute") minute = value;
    else if (part.type === "second") second = value;
  }
  const wholeSecond = Math.floor(instantMs / 1000) * 1000;
  const localAsUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  const date = `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
  return {
    date,
    weekday: new Date(Date.UTC(year, month - 1, day)).getUTCDay(),
    hour,
    minute,
    second,
    offsetMs: localAsUtc - wholeSecond,
  };
}
