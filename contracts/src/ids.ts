import { z } from "zod";

export const id = z.uuid({ error: "must be a UUID" });
export const email = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: "Valid email is required" }));
