import {
  DEFAULT_WORKDAY_END as DEFAULT_END,
  DEFAULT_WORKDAY_START as DEFAULT_START,
  HOUR_LABELS,
  NO_HOUR,
} from "@hirestream/contracts/sequences/hours.ts";

/**
 * The workday bounds a step carries, in the spec's words: an hour label from '12am' to '11pm', or
 * '--' for no bound on that side. Kept as labels on the wire and in events; turned into hours only
 * here, where the schedule needs numbers.
 */
/** The labels are the sequence form's (contracts), so the schedule reads exactly what the form offers. */
export const WORKDAY_HOUR_LABELS = HOUR_LABELS;
export const NO_WORKDAY_BOUND = NO_HOUR;

export type WorkdayHourLabel = (typeof WORKDAY_HOUR_LABELS)[number] | typeof NO_WORKDAY_BOUND;

export const DEFAULT_WORKDAY_START: WorkdayHourLabel = DEFAULT_START;
export const DEFAULT_WORKDAY_END: WorkdayHourLabel = DEFAULT_END;

export function isWorkdayHourLabel(value: string): value is WorkdayHourLabel {
  return value === NO_WORKDAY_BOUND || WORKDAY_HOUR_LABELS.some((label) => label === value);
}

/** The hour of the day (0–23) a label names, or null for '--'. */
export function workdayHourOf(label: WorkdayHourLabel): number | null {
  if (label === NO_WORKDAY_BOUND) return null;
  return WORKDAY_HOUR_LABELS.indexOf(label);
}

/** The label of an hour of the day (0–23), or '--' for null. */
export function workdayHourLabel(hour: number | null): WorkdayHourLabel {
  if (hour === null) return NO_WORKDAY_BOUND;
  return WORKDAY_HOUR_LABELS[hour] ?? NO_WORKDAY_BOUND;
}

/**
 * The window as local hours: sends may go when start ≤ hour < end. '--' opens a side: from
 * midnight at the start, up to the end of the day (24) at the end.
 */
export function workdayWindow(start: WorkdayHourLabel, end: WorkdayHourLabel): { startHour: number; endHour: number } {
  return { startHour: workdayHourOf(start) ?? 0, endHour: workdayHourOf(end) ?? 24 };
}
