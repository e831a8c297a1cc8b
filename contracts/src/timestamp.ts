import { z } from "zod";

/**
 * `toISOString()` form with every field in range and a day every month has: such a string names
 * exactly the instant it spells, so it already is its own canonical form. The sync sends every
 * row's times this way, tens of thousands a first sync, and reading each as a date and printing it
 * again cost more than the rest of its row's check.
 */
const canonical = /^\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|1\d|2[0-8])T(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d\.\d{3}Z$/;

/** `value` in `toISOString()` form, or null when it names no point in time. */
export function canonicalTimestamp(value: string): string | null {
  if (canonical.test(value)) return value;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

/** A point in time as the wire carries it: always `toISOString()` form, whatever Postgres printed. */
export const timestamp = z.string().transform((value, ctx) => {
  const spelled = canonicalTimestamp(value);
  if (spelled === null) {
    ctx.addIssue({ code: "custom", message: "not a timestamp" });
    return z.NEVER;
  }
  return spelled;
});
