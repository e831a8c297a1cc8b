import type { AnalyticsPeriod } from "@hirestream/contracts/analytics/analytics-period.ts";

// The figures of the analytics export, defined once. The export computes them in SQL
// (scripts/src/analytics/export-queries.ts); a Reports projection must count them the same way,
// and these functions are the reference both are tested against. README "Analytics export" says
// the same in prose.
//
// Period. `from` and `to` are instants, `from` included and `to` left out (a `--to` date means up
// to the end of that UTC day). A fact counts when its own time is in the period; the figures that
// follow a cohort (a step's outcomes, a stage's conversion, a run's reply) also need the time that
// starts the cohort (the message sent, the stage entered, the run contacted) in the period, and
// count what follows it until the period's end.
//
// - Stage funnel, per project and stage: `entered` counts the candidacies that entered the stage in
//   the period (a candidacy entering twice counts once), `left` those that left it (moved on or
//   taken out of the project). `converted` counts the candidacies that entered the stage in the
//   period and later, before the period's end, entered the next stage of the project's workflow
//   (the workflow as it stands at the end of the log); `conversion` is converted / entered.
// - Time in stage, per project and stage: the stays that ended in the period (moved on or taken
//   out); a candidate still in a stage is not counted yet. `median` and `p90` are continuous
//   quantiles (`quantileCont`) of their lengths.
// - Step performance, per project, sequence and step: the messages sent in the period, and of
//   those how many a person opened, a machine opened (mail proxies, scanners: never a person's open),
//   got a reply (the message the reply answers, else the run's last), bounced, or whose run opted
//   out (on the run's last message), each once per message and before the period's end.
//   `sent_tracked` counts the messages that carried a tracking pixel.
// - Time to first reply, per project and sequence: the runs whose first message went in the period
//   (`contacted`), those of them whose first reply came before the period's end (`replied`), and
//   `median` and `p90` of the time from the first message to the first reply.
// - Member activity: the commands each member sent in the period (the time the command was made),
//   by kind (`memberActivities`).
//
// Rounding: hours to 2 decimals and ratios to 4, half away from zero; no ratio over zero (empty).

/** Whether an instant (epoch milliseconds) is in the period (contracts/src/analytics/analytics-period.ts). */
export function inPeriod(at: number, period: AnalyticsPeriod): boolean {
  return (period.from === null || at >= period.from) && (period.to === null || at < period.to);
}

/**
 * The q-quantile of `values`, interpolating between the two nearest ranks: DuckDB's
 * `quantile_cont`, and the same arithmetic (lower + (upper - lower) × fraction). Null when empty.
 */
export function quantileCont(values: readonly number[], q: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = (sorted.length - 1) * q;
  const lowerRank = Math.floor(rank);
  const upperRank = Math.ceil(rank);
  const lower = sorted[lowerRank] ?? 0;
  const upper = sorted[upperRank] ?? lower;
  return lowerRank === upperRank ? lower : lower + (upper - lower) * (rank - lowerRank);
}

const roundTo = (value: number, places: number) => {
  const scale = 10 ** places;
  return (Math.sign(value) * Math.round(Math.abs(value) * scale)) / scale;
};

/** Milliseconds as hours, to 2 decimals. */
export const hours = (ms: number) => roundTo(ms / 3_600_000, 2);

/** part / whole to 4 decimals; null when whole is zero. */
export const ratio = (part: number, whole: number) => (whole === 0 ? null : roundTo(part / whole, 4));
