import type {
  ReportFigure,
  StageFunnelRow,
  StepPerformanceRow,
  TimeInStageRow,
} from "@hirestream/contracts/analytics/reports.ts";

/** The figures below the first chart, once they are in. */
export interface LaterFigures {
  time_in_stage: TimeInStageRow[];
  step_performance: StepPerformanceRow[];
}

export type ReportsState =
  | { status: "loading" }
  | { status: "failed"; messages: readonly string[] }
  /** The first chart's figure; the others (`later`) follow it, null until they are in. */
  | { status: "loaded"; stage_funnel: StageFunnelRow[]; later: LaterFigures | null };

/** What loading the Reports touches: the API, the page's drawing, and the replica's first sync. */
export interface ReportsPorts {
  /** The stage funnel from the API, asked for alone, or why it could not be had. */
  askFunnel(): Promise<StageFunnelRow[] | Failure>;
  /** The figures below it, asked for together. */
  askLater(): Promise<LaterFigures | Failure>;
  /** Resolves once the page has drawn what it was last shown and has a moment with nothing to do. */
  drawn(): Promise<void>;
  /** The replica's first sync makes way until the returned function is called (screen-queries.ts). */
  hold(): () => void;
  show(state: ReportsState): void;
  /** The page moved on (another filter, another page): nothing more is asked or shown. */
  dropped(): boolean;
}

/** A request that failed, with what the page says about it. */
export interface Failure {
  failed: readonly string[];
}

/** The figures the page asks for after the first chart's. */
export const laterFigures = ["time_in_stage", "step_performance"] as const satisfies readonly ReportFigure[];

/** Whether a funnel holds anything to chart: a stay entered or left in the period. */
export const funnelHasStays = (rows: readonly StageFunnelRow[]): boolean =>
  rows.some((row) => row.entered > 0 || row.left > 0);

/**
 * The Reports' figures, the first chart's first: the stage funnel is asked for alone and shown as
 * soon as it is in, so that the server counts it without the other two beside it on the same cores;
 * those are asked for once the funnel is drawn. The replica's first sync makes way until all are in.
 * A funnel with nothing in it is not shown alone: whether the period holds nothing to report
 * depends on the other figures too, and the page must not say so before they are in.
 */
export async function loadReports(ports: ReportsPorts): Promise<void> {
  const release = ports.hold();
  try {
    ports.show({ status: "loading" });
    const funnel = await ports.askFunnel();
    if (ports.dropped()) return;
    if ("failed" in funnel) return ports.show({ status: "failed", messages: funnel.failed });
    if (funnelHasStays(funnel)) {
      ports.show({ status: "loaded", stage_funnel: funnel, later: null });
      await ports.drawn();
      if (ports.dropped()) return;
    }
    const later = await ports.askLater();
    if (ports.dropped()) return;
    if ("failed" in later) return ports.show({ status: "failed", messages: later.failed });
    ports.show({ status: "loaded", stage_funnel: funnel, later });
  } finally {
    release();
  }
}

/** Whether the period holds nothing to chart: no stay entered or ended, no step sent. */
export function nothingToReport(funnel: readonly StageFunnelRow[], later: LaterFigures): boolean {
  return (
    !funnelHasStays(funnel) &&
    later.time_in_stage.every((row) => row.stays === 0) &&
    later.step_performance.every((row) => row.sent === 0)
  );
}
