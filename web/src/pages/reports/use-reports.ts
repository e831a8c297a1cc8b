import { type ReportFigure, reportsDocument } from "@hirestream/contracts/analytics/reports.ts";
import { useEffect, useState } from "react";
import { apiRequest } from "../../api/api-client.ts";
import { messagesOf } from "../../api/api-errors.ts";
import { screenQueries } from "../../replica/screen-queries.ts";
import { type Failure, laterFigures, loadReports, type ReportsState } from "./load-reports.ts";

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

/** Resolves once the browser has had a moment with nothing to do (or `maxWaitMs` passed), or at once when dropped. */
function whenIdle(signal: AbortSignal, maxWaitMs = 500): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      signal.removeEventListener("abort", done);
      resolve();
    };
    signal.addEventListener("abort", done);
    if (typeof window.requestIdleCallback === "function") {
      window.requestIdleCallback(done, { timeout: maxWaitMs });
    } else {
      window.setTimeout(done, 0);
    }
  });
}

/**
 * The workspace's reports for the filters, from the API (the figures are counted on the server,
 * never in the replica), the first chart's first (load-reports.ts); asked again whenever a filter
 * changes, the older answers dropped.
 */
export function useReports(workspaceId: string, filters: ReportFilters, attempt: number): ReportsState {
  const [state, setState] = useState<ReportsState>({ status: "loading" });
  const { projectId, from, to } = filters;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` asks again after a failure.
  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    const ask = async (figures: readonly ReportFigure[]) => {
      try {
        const body = await apiRequest(`/workspaces/${workspaceId}/reports`, {
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
        const answer = await ask(["stage_funnel"]);
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
