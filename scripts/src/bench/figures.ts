import type { EventStoreBenchResult } from "./event-store.bench.ts";
import type { HttpBenchResult, HttpRun } from "./http-commands.bench.ts";
import type { PeopleSearchResult } from "./people-search.bench.ts";
import type { ProjectionBenchResult } from "./projection.bench.ts";
import { type Figure, formatCount, formatMs, formatRate } from "./results.ts";

// The budgets of DESIGN.md ("Budgets"), as numbers.
export const budgets = {
  appendRatio: 0.6,
  httpPerSecond: 3000,
  httpP99Ms: 25,
  projectionPerSecond: 20_000,
  millionEventsSeconds: 60,
};

export function eventStoreFigures(result: EventStoreBenchResult): Figure[] {
  const figures: Figure[] = [];
  let raw = 0;
  let store = 0;
  for (const [index, round] of result.rounds.entries()) {
    const ratio = round.store.perSecond / round.raw.perSecond;
    raw += round.raw.perSecond;
    store += round.store.perSecond;
    figures.push(
      {
        name: `Raw single-row INSERT, 16 connections (round ${index + 1})`,
        value: formatRate(round.raw.perSecond),
        budget: "reference (floor on this kind of machine: 6,500–9,200/s)",
        pass: null,
      },
      {
        name: `Event store single-event appends, 16 connections, new stream each (round ${index + 1})`,
        value: `${formatRate(round.store.perSecond)} = ${ratio.toFixed(2)} of raw`,
        budget: `≥ ${budgets.appendRatio} of raw`,
        pass: ratio >= budgets.appendRatio,
      },
    );
  }
  const ratio = store / raw;
  figures.push(
    {
      name: "Event store appends vs raw INSERT, all rounds",
      value: `${ratio.toFixed(2)} of raw (${formatRate(store / result.rounds.length)} vs ${formatRate(raw / result.rounds.length)})`,
      budget: `≥ ${budgets.appendRatio} of raw`,
      pass: ratio >= budgets.appendRatio,
      note: `payload ${result.payloadBytes} bytes of JSON per row/event; fsync on`,
    },
    {
      name: "Event store appends, exact revision, one long stream per connection",
      value: `${formatRate(result.exactRevision.perSecond)} = ${(result.exactRevision.perSecond / (raw / result.rounds.length)).toFixed(2)} of raw`,
      budget: "context (no budget)",
      pass: null,
    },
  );
  return figures;
}

function httpFigures(label: string, run: HttpRun): Figure[] {
  const failed = run.failed === 0;
  return [
    {
      name: `HTTP ${label}, 50 connections: throughput`,
      value: formatRate(run.requestsPerSecond),
      budget: `≥ ${formatCount(budgets.httpPerSecond)}/s`,
      pass: run.requestsPerSecond >= budgets.httpPerSecond,
      note: `${formatCount(run.total)} requests`,
    },
    {
      name: `HTTP ${label}, 50 connections: latency`,
      value: `p50 ${formatMs(run.p50)}, p99 ${formatMs(run.p99)}`,
      budget: `p99 ≤ ${budgets.httpP99Ms} ms`,
      pass: run.p99 <= budgets.httpP99Ms,
    },
    {
      name: `HTTP ${label}: failed requests (non-2xx, errors, timeouts)`,
      value: failed ? "0" : `**${formatCount(run.failed)} FAILED**`,
      budget: "0",
      pass: failed,
      note: `status codes: ${run.statusCodes}`,
    },
  ];
}

export function httpCommandFigures(result: HttpBenchResult): Figure[] {
  return [
    ...httpFigures("POST /workspaces (create)", result.creates),
    ...httpFigures(`PUT /workspaces/{id} (rename, round-robin over ${result.workspaces})`, result.renames),
  ];
}

export function projectionFigures(result: ProjectionBenchResult): Figure[] {
  const millionSeconds = 1_000_000 / result.rebuild.perSecond;
  return [
    {
      name: "Projection rebuild (rebuildReadModels, from 0)",
      value: formatRate(result.rebuild.perSecond),
      budget: `≥ ${formatCount(budgets.projectionPerSecond)} events/s`,
      pass: result.rebuild.perSecond >= budgets.projectionPerSecond,
      note: `${formatCount(result.rebuild.events)} events in ${result.rebuild.seconds.toFixed(1)} s`,
    },
    {
      name: "1,000,000 events rebuilt (extrapolated from the rebuild rate)",
      value: `${millionSeconds.toFixed(1)} s`,
      budget: `≤ ${budgets.millionEventsSeconds} s`,
      pass: millionSeconds <= budgets.millionEventsSeconds,
      note: "linear extrapolation; larger tables make index writes somewhat slower",
    },
    {
      name: "Live projector catch-up (startProjector from checkpoint 0 to head)",
      value: formatRate(result.live.perSecond),
      budget: `≥ ${formatCount(budgets.projectionPerSecond)} events/s`,
      pass: result.live.perSecond >= budgets.projectionPerSecond,
      note: `${formatCount(result.live.events)} events in ${result.live.seconds.toFixed(1)} s`,
    },
  ];
}

export function peopleSearchFigures(result: PeopleSearchResult): Figure[] {
  const slowest = [...result.terms].sort((a, b) => b.p95 - a.p95)[0];
  return [
    {
      name: `Talent pool search through HTTP over ${formatCount(result.people)} people: p95 over every term`,
      value: formatMs(result.p95),
      budget: "no budget in DESIGN.md (context)",
      pass: null,
      note: `${result.requestsPerTerm} requests per term, one at a time, limit 10 with the total; slowest term '${slowest?.term ?? "—"}' p95 ${formatMs(slowest?.p95 ?? 0)}`,
    },
    ...result.terms.map((run) => ({
      name: `  search '${run.term}'`,
      value: `p50 ${formatMs(run.p50)}, p95 ${formatMs(run.p95)}`,
      budget: "—",
      pass: null,
      note: `${formatCount(run.matches)} matches`,
    })),
  ];
}
