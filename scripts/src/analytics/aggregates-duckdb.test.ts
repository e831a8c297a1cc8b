import { DuckDBInstance } from "@duckdb/node-api";
import { hours, quantileCont, ratio } from "@hirestream/domain/analytics/aggregates.ts";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// The export's SQL and the reference functions a Reports projection counts with must give the
// same figures: DuckDB's quantile_cont and round against aggregates.ts, on arbitrary durations.

let instance: DuckDBInstance;
beforeAll(async () => {
  instance = await DuckDBInstance.create(":memory:", { threads: "1" });
});
afterAll(() => instance.closeSync());

describe("the export's SQL figures", () => {
  it("equal the reference median, p90 (hours) and ratios for any durations", async () => {
    const connection = await instance.connect();
    try {
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.integer({ min: 0, max: 90 * 86_400_000 }), { minLength: 1, maxLength: 40 }),
          fc.nat({ max: 50 }),
          fc.integer({ min: 1, max: 50 }),
          async (durations, part, whole) => {
            const read = await connection.runAndReadAll(
              `select round(quantile_cont(d, 0.5) / 3600000, 2), round(quantile_cont(d, 0.9) / 3600000, 2),
                 round(${part} / ${whole}, 4)
               from (select unnest([${durations.join(",")}]::bigint[]) as d)`,
            );
            const [median, p90, share] = read.getRowsJS()[0] ?? [];
            expect([median, p90, share]).toEqual([
              hours(quantileCont(durations, 0.5) ?? Number.NaN),
              hours(quantileCont(durations, 0.9) ?? Number.NaN),
              ratio(part, whole),
            ]);
          },
        ),
        { numRuns: 300 },
      );
    } finally {
      connection.closeSync();
    }
  });
});
