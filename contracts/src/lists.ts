import { z } from "zod";
import { text } from "./text.ts";

export const pageSizes = [10, 20, 30, 40, 50] as const;

/** `search_by`, `limit` (10–50 in tens, default 10) and a 1-based `page`, as every list takes them. */
export const listQuery = z
  .object({
    search_by: text().max(200).optional(),
    limit: z.coerce
      .number()
      .refine((n) => (pageSizes as readonly number[]).includes(n), { error: "must be one of 10, 20, 30, 40, 50" })
      .default(10),
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  })
  .strict();
export type ListQuery = z.infer<typeof listQuery>;
