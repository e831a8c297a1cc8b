import { type ReportFigure, reportsDocument } from "@hirestream/contracts/analytics/reports.ts";
import { useEffect, useState } from "react";
import { answerOf, apiRequest } from "../../api/api-client.ts";
import { messagesOf } from "../../api/api-errors.ts";
import { screenQueries } from "../../replica/screen-queries.ts";
import { type SentFunnel, takeEarlyFunnel } from "./early-funnel.ts";
import { type Failure, laterFigures, loadReports, type ReportsState } from "./load-reports.ts";
import { whenIdle } from "./use-after-idle.ts";

export type { ReportsState } from "./load-reports.ts";

/** What the Reports page asks for: a project (or all) and whole UTC days, either end open. */
export interface ReportFilters {
  projectId: string | null;
  from: string | null;
  to: string | null;
}

/** The query the API takes for these filters: an open end or every project is left out. */
export function reportsQueryOf(filters: ReportFilters): Record<string, string> {
  const query: Record<string, string> = {};
  if (filters.projectId) query.project_id = filters.projectId;
  if (filters.from) query.from = filters.from;
  if (filters.to) query.to = filters.to;
  return query;
}

const unreadable: Failure = { failed: ["The reports could not be read."] };

/**
 * The workspace's reports for the filters, from the API (the figures are counted on the server,
 * never in the replica), the first chart's first (load-reports.ts); asked again whenever a filter
 * changes, the older answers dropped.
 */
export function useReports(workspaceId: string, filters: ReportFilters, attempt: number): ReportsState {
  const [state, setState] = useState<ReportsState>({ status: "loading" });
  const { projectId, from, to } = filters;
  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    // The page's first module may have asked for this very funnel already (early-funnel.ts).
    const early = attempt === 0 && !projectId && !from && !to ? takeEarlyFunnel(workspaceId) : null;
    const ask = async (figures: readonly ReportFigure[], sent: SentFunnel | null = null) => {
      try {
        const body = sent
          ? await answerOf(sent.response, sent.credentials)
          : await apiRequest(`/workspaces/${workspaceId}/reports`, {
              query: { ...reportsQueryOf({ projectId, from, to }), figures: figures.join(",") },
              signal,
            });
        const parsed = reportsDocument.safeParse(body);
        return parsed.success ? parsed.data.data.attributes : null;
      } catch (error) {
        return { failed: messagesOf(error) };
      }
    };
    void loadReports({
      async askFunnel() {
        const answer = await ask(["stage_funnel"], early);
        if (answer === null) return unreadable;
        if ("failed" in answer) return answer;
        return answer.stage_funnel ?? unreadable;
      },
      async askLater() {
        const answer = await ask(laterFigures);
        if (answer === null) return unreadable;
        if ("failed" in answer) return answer;
        const { time_in_stage, step_performance } = answer;
        return time_in_stage && step_performance ? { time_in_stage, step_performance } : unreadable;
      },
      drawn: () => whenIdle(signal),
      hold: () => screenQueries.begin(),
      show: setState,
      dropped: () => signal.aborted,
    });
    return () => controller.abort();
  }, [workspaceId, projectId, from, to, attempt]);
  return state;
}
