import Holidays from "date-holidays";

const DAY = 86_400_000;

/** Calendars are costly to build: one per country, each year's days worked out once. */
const calendars = new Map<string, Holidays | null>();
const yearsSeen = new Map<string, ReadonlySet<string>>();

function calendarOf(country: string): Holidays | null {
  if (!calendars.has(country)) {
    const known = new Holidays().getCountries();
    calendars.set(country, country in known ? new Holidays(country, { types: ["public"] }) : null);
  }
  return calendars.get(country) ?? null;
}

/**
 * The public holidays of `country` in `year`, as 'yyyy-mm-dd' dates of that country's calendar
 * (substitute days included). A country date-holidays does not know has none.
 */
export function publicHolidays(country: string, year: number): ReadonlySet<string> {
  const key = `${country}:${year}`;
  const seen = yearsSeen.get(key);
  if (seen !== undefined) return seen;
  const days = new Set<string>();
  for (const holiday of calendarOf(country)?.getHolidays(year) ?? []) {
    if (holiday.type !== "public") continue;
    const first = Date.parse(`${holiday.date.slice(0, 10)}T00:00:00Z`);
    const length = Math.max(1, Math.round((holiday.end.getTime() - holiday.start.getTime()) / DAY));
    for (let day = 0; day < length; day++) days.add(new Date(first + day * DAY).toISOString().slice(0, 10));
  }
  yearsSeen.set(key, days);
  return days;
}
