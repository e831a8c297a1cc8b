import type { ReportsBenchResult, ReportsCall } from "./reports.bench.ts";
import { type Figure, formatCount, formatMs } from "./results.ts";
import { percentile } from "./web-sync.figures.ts";

// Issue 17's "the Reports page's first chart ≤ 1 s for a workspace with 1,000,000 events".
export const reportsBudgetMs = 1000;

const median = (values: number[]) => percentile(values, 50);
const list = (values: number[]) => values.map((ms) => ms.toFixed(0)).join(", ");

export function reportsFigures(result: ReportsBenchResult): Figure[] {
  const [first, ...reloads] = result.loads;
  const calls = result.pageCalls.slice(1).flatMap((call) => (call ? [call] : []));
  const inPage =
    calls.length === 0
      ? "its first GET of the reports not seen"
      : `its first GET of the reports (the stage funnel) sent at ${formatMs(median(calls.map((c) => c.sentMs)))}, answered at ${formatMs(median(calls.map((c) => c.answeredMs)))} (medians)`;
  const size = `${formatCount(result.events)} events`;
  const pageNote =
    `navigation start to the first chart's first bar (\`.recharts-bar-rectangle\`) in the DOM, a MutationObserver probe; ` +
    `loads ${list(result.loads)} ms; ${result.chromium}`;
  const scopes: Record<ReportsCall, string> = {
    whole: "the whole log",
    project: "one project",
    period: `a period (${result.period.from} to ${result.period.to})`,
    funnel: "the whole log's stage funnel alone (figures=stage_funnel, the page's first request)",
  };
  return [
    {
      name: `Reports page of a workspace of ${size}: first chart, first load after sign-in`,
      value: first === undefined ? "never" : formatMs(first),
      budget: `≤ ${formatMs(reportsBudgetMs)} (issue 17)`,
      pass: first !== undefined && first <= reportsBudgetMs,
      note: pageNote,
    },
    {
      name: `Reports page of a workspace of ${size}: first chart, median of ${reloads.length} reloads`,
      value: reloads.length === 0 ? "never" : formatMs(median(reloads)),
      budget: `≤ ${formatMs(reportsBudgetMs)} (issue 17)`,
      pass: reloads.length > 0 && median(reloads) <= reportsBudgetMs,
      note:
        `${inPage}; history appended in ${result.seedSeconds.toFixed(1)} s with the live projector running; every read model had it ` +
        `${result.projectedSeconds.toFixed(1)} s after the first append (${formatCount(result.facts)} analytics facts)`,
    },
    ...(Object.keys(scopes) as ReportsCall[]).map(
      (call): Figure => ({
        name: `GET /api/v1/workspaces/{id}/reports over ${size}, ${scopes[call]}: median`,
        value: formatMs(median(result.api[call])),
        budget: "—",
        pass: null,
        note: `calls ${list(result.api[call])} ms (after one unmeasured)`,
      }),
    ),
  ];
}
