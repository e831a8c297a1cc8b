import type { OutreachBench } from "./outreach.bench.ts";
import { type Figure, formatCount, formatRate } from "./results.ts";

const STEPS_BUDGET_SECONDS = 10;

export function outreachFigures(bench: OutreachBench): Figure[] {
  const { due, limited } = bench;
  const sent = due.sentSeconds ?? Number.POSITIVE_INFINITY;
  return [
    {
      name: `${formatCount(due.candidates)} due steps scheduled and sent through the local transport (${due.credentials} credentials)`,
      value: `${sent.toFixed(1)} s (${formatRate(due.candidates / sent)})`,
      budget: `≤ ${STEPS_BUDGET_SECONDS} s`,
      pass: sent <= STEPS_BUDGET_SECONDS,
      note: `all scheduled after ${due.scheduledSeconds.toFixed(1)} s; from a standing start: the projector and the reactions (batches of a 3,000-event read) on one thread, the worker (2 batches of 500 at once) on another, as their two processes run`,
    },
    {
      name: "Due steps: messages delivered, and delivered twice",
      value: `${formatCount(due.delivered)} delivered, ${formatCount(due.duplicates)} twice`,
      budget: `${formatCount(due.candidates)}, 0 twice`,
      pass: due.delivered === due.candidates && due.duplicates === 0,
    },
    {
      name: `${formatCount(limited.candidates)} runs on ${limited.credentials} credentials at ${limited.limits.dailyLimit}/day and ${limited.limits.minGapSeconds} s apart: the busiest 24 hours of any credential`,
      value: `${formatCount(limited.busiestDay)} sends, shortest gap ${limited.shortestGapSeconds?.toFixed(0) ?? "—"} s`,
      budget: `≤ ${limited.limits.dailyLimit}, ≥ ${limited.limits.minGapSeconds} s`,
      pass:
        limited.busiestDay <= limited.limits.dailyLimit &&
        (limited.shortestGapSeconds ?? Number.POSITIVE_INFINITY) >= limited.limits.minGapSeconds,
      note: `scheduled in ${limited.scheduledSeconds.toFixed(1)} s; the rest move to later days rather than fail`,
    },
  ];
}
