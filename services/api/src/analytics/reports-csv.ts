// A Reports chart's figures as the CSV the analytics export writes for the same figure: its
// columns, in its order, an empty cell for none, and text made formula-safe as every CSV of the app.
import type { StageFunnelRow, StepPerformanceRow, TimeInStageRow } from "@hirestream/contracts/analytics/reports.ts";
import Papa from "papaparse";
import { formulaStart } from "./stats-csv.ts";

export function reportCsv(
  rows: readonly (StageFunnelRow | TimeInStageRow | StepPerformanceRow)[],
  columns: readonly string[],
): string {
  const data = rows.map((row) => {
    const cells: Record<string, unknown> = row;
    return columns.map((column) => cells[column] ?? "");
  });
  // The header as the first row: given as `fields` with no data, papaparse would add an empty row.
  const text = Papa.unparse([[...columns], ...data], { newline: "\r\n", escapeFormulae: formulaStart });
  return `${text}\r\n`;
}
