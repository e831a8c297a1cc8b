import type { ExportBenchResult } from "./export.bench.ts";
import { budgets } from "./figures.ts";
import { type Figure, formatCount, formatRate } from "./results.ts";

export function exportFigures(result: ExportBenchResult): Figure[] {
  return (["csv", "parquet"] as const).map((format) => ({
    name: `Analytics export of a workspace of ${formatCount(result.events)} events to ${format === "csv" ? "CSV" : "Parquet"} (replay of $all, figures and files)`,
    value: `${formatRate(result[format].perSecond)} (${result[format].seconds.toFixed(1)} s)`,
    budget: `≥ ${formatCount(budgets.projectionPerSecond)}/s (projection catch-up)`,
    pass: result[format].perSecond >= budgets.projectionPerSecond,
    note: `history appended in ${result.seedSeconds.toFixed(1)} s`,
  }));
}
