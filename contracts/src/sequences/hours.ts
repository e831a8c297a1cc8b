/**
 * A step's workday hours (spec §5): "from 12am to 11pm plus --", where `--` leaves that side of the
 * window open. Labels travel as the spec writes them ('8am', '8pm').
 */
export const NO_HOUR = "--";

export const HOUR_LABELS = [
  "12am",
  "1am",
  "2am",
  "3am",
  "4am",
  "5am",
  "6am",
  "7am",
  "8am",
  "9am",
  "10am",
  "11am",
  "12pm",
  "1pm",
  "2pm",
  "3pm",
  "4pm",
  "5pm",
  "6pm",
  "7pm",
  "8pm",
  "9pm",
  "10pm",
  "11pm",
] as const;
export const WORKDAY_HOUR_OPTIONS: readonly string[] = [...HOUR_LABELS, NO_HOUR];

export const DEFAULT_WORKDAY_START = "8am";
export const DEFAULT_WORKDAY_END = "8pm";

export function labelOfHour(hour: number): string {
  const twelve = hour % 12 === 0 ? 12 : hour % 12;
  return `${twelve}${hour < 12 ? "am" : "pm"}`;
}

/** 0–23 for a label, null for `--`, undefined for anything else. */
export function hourOfLabel(label: string): number | null | undefined {
  if (label === NO_HOUR) return null;
  const labels: readonly string[] = HOUR_LABELS;
  const index = labels.indexOf(label);
  return index === -1 ? undefined : index;
}

/** Spec §5: start options are the hours before the chosen end, end options the hours after the start. */
export function workdayStartOptions(end: string): string[] {
  const endHour = hourOfLabel(end);
  return [...HOUR_LABELS.filter((_, hour) => endHour == null || hour < endHour), NO_HOUR];
}

export function workdayEndOptions(start: string): string[] {
  const startHour = hourOfLabel(start);
  return [...HOUR_LABELS.filter((_, hour) => startHour == null || hour > startHour), NO_HOUR];
}
