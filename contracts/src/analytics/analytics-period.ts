import { z } from "zod";

// The period an analytics export (and the Reports page) counts: calendar dates in UTC, both
// included. As instants: from the first date's midnight, up to but not including the midnight
// after the last date. Either end may be open.

const day = 86_400_000;
const date = z.iso.date();

export const analyticsPeriodInput = z
  .object({ from: date.optional(), to: date.optional() })
  .refine(({ from, to }) => from === undefined || to === undefined || from <= to, {
    message: "the period's start comes after its end",
    path: ["to"],
  });

/** Epoch milliseconds; null for an open end; `to` is the first instant left out. */
export interface AnalyticsPeriod {
  from: number | null;
  to: number | null;
}

export function periodOf(input: z.infer<typeof analyticsPeriodInput>): AnalyticsPeriod {
  return {
    from: input.from === undefined ? null : Date.parse(`${input.from}T00:00:00.000Z`),
    to: input.to === undefined ? null : Date.parse(`${input.to}T00:00:00.000Z`) + day,
  };
}
