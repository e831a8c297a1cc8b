import Holidays from "date-holidays";

// A date-holidays instance parses its country's rules when built, which is slow; so is computing a
// year. Both are memoised per country (and year) for the process's life. The memo only saves work:
// every call answers the same with or without it.
const calendars = new Map<string, Holidays>();
const yearDates = new Map<string, ReadonlySet<string>>();

function calendarFor(country: string): Holidays {
  let calendar = calendars.get(country);
  if (calendar === undefined) {
    calendar = new Holidays(country);
    calendars.set(country, calendar);
  }
  return calendar;
}

const DAY_MS = 86_400_000;

function publicHolidayDates(country: string, year: number): ReadonlySet<string> {
  const key = `${country}:${year}`;
  let dates = yearDates.get(key);
  if (dates === undefined) {
    const found = new Set<string>();
    for (const holiday of calendarFor(country).getHolidays(year)) {
      if (holiday.type !== "public") continue;
      // A holiday lasting several days (or a half day) blocks every local date it touches, counted
      // from its first date in the country's calendar.
      const days = Math.max(1, Math.round((holiday.end.getTime() - holiday.start.getTime()) / DAY_MS));
      const first = Date.parse(`${holiday.date.slice(0, 10)}T00:00:00Z`);
      for (let day = 0; day < days; day++) found.add(new Date(first + day * DAY_MS).toISOString().slice(0, 10));
    }
    dates = found;
    yearDates.set(key, dates);
  }
  return dates;
}

/**
 * Whether a local calendar date (YYYY-MM-DD) is a public holiday (date-holidays type 'public',
 * substitute days included) of a country (ISO 3166-1 alpha-2). A country date-holidays does not
 * know has no holidays.
 */
export function isPublicHoliday(country: string, date: string): boolean {
  const year = Number(date.slice(0, 4));
  const upper = country.toUpperCase();
  // A holiday of the year before may run into this one (a New Year lasting several days).
  return publicHolidayDates(upper, year).has(date) || publicHolidayDates(upper, year - 1).has(date);
}
