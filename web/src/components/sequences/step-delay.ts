// A step's delay (spec §5): entered as days, hours (0-23) and minutes (0-59), stored as total minutes.
export interface DelayParts {
  days: number;
  hours: number;
  minutes: number;
}

const MINUTES_PER_HOUR = 60;
const MINUTES_PER_DAY = 24 * MINUTES_PER_HOUR;
export const DELAY_HOURS_MAX = 23;
export const DELAY_MINUTES_MAX = 59;

export function delayParts(total: number): DelayParts {
  const days = Math.floor(total / MINUTES_PER_DAY);
  const rest = total - days * MINUTES_PER_DAY;
  const hours = Math.floor(rest / MINUTES_PER_HOUR);
  return { days, hours, minutes: rest - hours * MINUTES_PER_HOUR };
}

/** Each part clamped to its range (a field may hold anything while typed) and whole. */
export function delayMinutes(parts: DelayParts): number {
  const whole = (value: number, max: number) =>
    Math.min(max, Math.max(0, Math.floor(Number.isFinite(value) ? value : 0)));
  return (
    whole(parts.days, Number.MAX_SAFE_INTEGER) * MINUTES_PER_DAY +
    whole(parts.hours, DELAY_HOURS_MAX) * MINUTES_PER_HOUR +
    whole(parts.minutes, DELAY_MINUTES_MAX)
  );
}

/** Spec §5: `Xd Yh Zm`, or `No delay` for none. */
export function delayLabel(total: number): string {
  if (total <= 0) return "No delay";
  const { days, hours, minutes } = delayParts(total);
  return `${days}d ${hours}h ${minutes}m`;
}
