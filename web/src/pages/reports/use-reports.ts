import { type ReportsAttributes, reportsDocument } from "@hirestream/contracts/analytics/reports.ts";
import { useEffect, useState } from "react";
import { apiRequest } from "../../api/api-client.ts";
import { messagesOf } from "../../api/api-errors.ts";
import { screenQueries } from "../../replica/screen-queries.ts";

/** What the Reports page asks for: a project (or all) and whole UTC days, either end open. */
export interface ReportFilters {
  projectId: string | null;
  from: string | null;
  to: string | null;
}

export type ReportsState =
  | { status: "loading" }
  | { status: "failed"; messages: readonly string[] }
  | { status: "loaded"; report: ReportsAttributes };

/** The query the API takes for these filters: an open end or every project is left out. */
export function reportsQueryOf(filters: ReportFilters): Record<string, string> {
  const query: Record<string, string> = {};
  if (filters.projectId) query.project_id = filters.projectId;
  if (filters.from) query.from = filters.from;
  if (filters.to) query.to = filters.to;
  return query;
}

/**
 * The workspace's reports for the filters, from the API (the figures are counted on the server,
 * never in the replica); asked again whenever a filter changes, the older answer dropped.
 */
export function useReports(workspaceId: string, filters: ReportFilters, attempt: number): ReportsState {
  const [state, setState] = useState<ReportsState>({ status: "loading" });
  const { projectId, from, to } = filters;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` asks again after a failure.
  useEffect(() => {
    const controller = new AbortController();
    setState({ status: "loading" });
    // The figures are what the page shows first: the replica's first sync makes way meanwhile.
    const answered = screenQueries.begin();
    apiRequest(`/workspaces/${workspaceId}/reports`, {
      query: reportsQueryOf({ projectId, from, to }),
      signal: controller.signal,
    })
      .then(
        (body) => {
          const parsed = reportsDocument.safeParse(body);
          setState(
            parsed.success
              ? { status: "loaded", report: parsed.data.data.attributes }
              : { status: "failed", messages: ["The reports could not be read."] },
          );
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          setState({ status: "failed", messages: messagesOf(error) });
        },
      )
      .finally(answered);
    return () => {
      answered();
      controller.abort();
    };
  }, [workspaceId, projectId, from, to, attempt]);
  return state;
}

/** Whether the period holds nothing to chart: no stay entered or ended, no step sent. */
export function nothingToReport(report: ReportsAttributes): boolean {
  return (
    report.stage_funnel.every((row) => row.entered === 0 && row.left === 0) &&
    report.time_in_stage.every((row) => row.stays === 0) &&
    report.step_performance.every((row) => row.sent === 0)
  );
}
