import { z } from "zod";

/** A point in time as the wire carries it: always `toISOString()` form, whatever Postgres printed. */
export const timestamp = z.string().transform((value, ctx) => {
  const time = Date.parse(value);
  if (Number.isNaN(time)) {
    ctx.addIssue({ code: "custom", message: "not a timestamp" });
    return z.NEVER;
  }
  return new Date(time).toISOString();
});
