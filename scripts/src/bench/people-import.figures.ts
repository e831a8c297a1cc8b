import type { PeopleImportResult } from "./people-import.bench.ts";
import { type Figure, formatCount, formatMs } from "./results.ts";

const noBudget = "no budget in DESIGN.md (context)";

/** Middle value (the lower of the two middles for an even count) and the largest. */
function medianAndMax(values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  const median = sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
  return `median ${formatMs(median)}, max ${formatMs(sorted.at(-1) ?? Number.NaN)}`;
}

export function peopleImportFigures(result: PeopleImportResult): Figure[] {
  const { rows, runs } = result;
  const rowsText = formatCount(rows);
  const clean = runs.filter(
    (run) =>
      run.counts.new === rows &&
      run.counts.errors === 0 &&
      run.counts.total === rows &&
      run.ignoredColumns.length === 0 &&
      run.listedTotal === rows,
  ).length;
  const file =
    `${(result.fileBytes / 1024).toFixed(0)} KiB, every person field under an export's column name, ` +
    "commas in quoted companies and titles, quotes and a line break inside a cell";
  return [
    {
      name: `CSV import of ${rowsText} rows through HTTP into a workspace: upload to the answer`,
      value: medianAndMax(runs.map((run) => run.answerMs)),
      budget: noBudget,
      pass: null,
      note: `${runs.length} runs, each a fresh user and workspace (every row a new person); POST /api/v1/people/import_csv, multipart; ${file}`,
    },
    {
      name: `CSV import of ${rowsText} rows: upload to all ${rowsText} people in the read model`,
      value: medianAndMax(runs.map((run) => run.visibleMs)),
      budget: noBudget,
      pass: null,
      note: "count of read.people in the workspace polled every few ms after the answer; the projector runs on its own thread",
    },
    {
      name: `CSV import of ${rowsText} rows: result counts`,
      value: `${clean} of ${runs.length} runs new ${rowsText}, errors 0`,
      budget: `new ${rowsText}, errors 0 in every run (check)`,
      pass: clean === runs.length,
      note: runs
        .map(
          (run, index) =>
            `run ${index + 1}: new ${run.counts.new}, existing ${run.counts.existing}, errors ${run.counts.errors}, ` +
            `total ${run.counts.total}, ignored columns ${run.ignoredColumns.length}, listed ${run.listedTotal}`,
        )
        .join("; "),
    },
  ];
}
