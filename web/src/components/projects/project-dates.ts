// A project's start date and deadline as the list and the header show them (spec §9: dates en-US).

export const NO_START_DATE = "No start date";
export const NO_DEADLINE = "No deadline";

const isoDate = /^(\d{4})-(\d{2})-(\d{2})$/;

// A calendar date has no time zone: read and printed in UTC, it is the same day everywhere.
const format = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });

/** "2026-03-05" → "Mar 5, 2026"; anything that is not an ISO date is shown as it is. */
export function formatProjectDate(date: string): string {
  const match = isoDate.exec(date);
  if (!match) return date;
  const [, year, month, day] = match;
  return format.format(new Date(Date.UTC(Number(year), Number(month) - 1, Number(day))));
}

/** "Mar 5, 2026 – Jun 30, 2026", with a placeholder for either end that is missing. */
export function dateRangeText(project: { start_date: string | null; deadline: string | null }): string {
  const start = project.start_date ? formatProjectDate(project.start_date) : NO_START_DATE;
  const end = project.deadline ? formatProjectDate(project.deadline) : NO_DEADLINE;
  return `${start} – ${end}`;
}
