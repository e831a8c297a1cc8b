// The Reports page's figures (issue 17): the stage funnel, time in stage and step performance of
// a workspace, optionally of one project, over a period; for the workspace's owners and managers.
// Each figure also comes as the CSV the analytics export writes for it.
import { periodOf } from "@hirestream/contracts/analytics/analytics-period.ts";
import {
  type ReportFigure,
  type ReportsAttributes,
  reportFigureColumns,
  reportFigures,
  reportsQuery,
} from "@hirestream/contracts/analytics/reports.ts";
import { DomainError } from "@hirestream/contracts/errors.ts";
import { mayInWorkspace } from "@hirestream/contracts/permissions/permission-table.ts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { requireSession } from "../auth/authenticate.ts";
import type { Deps } from "../deps.ts";
import { attachmentDisposition } from "../files/content-disposition.ts";
import { parseParams } from "../http/parse.ts";
import { pathId } from "../http/path-id.ts";
import type { ScreenQueries } from "../sync/screen-queries.ts";
import { WorkspaceRoles } from "../workspaces/workspace-roles.ts";
import { reportCsv } from "./reports-csv.ts";
import { type ReportScope, stageFunnel, stepPerformance, timeInStage } from "./reports-query.ts";

/** The workspace, project and period a request asks for, once the asker may see its reports. */
async function scopeOf(
  deps: Deps,
  request: FastifyRequest,
): Promise<ReportScope & { from: string | null; to: string | null; figures: readonly ReportFigure[] }> {
  const session = requireSession(request);
  const workspaceId = pathId(request.params, "id", "Workspace not found");
  // Who asks before what exists: outside the workspace it is as unknown as a missing one.
  const role = await new WorkspaceRoles(deps, session.userId).of(workspaceId);
  if (role === undefined) throw new DomainError("NOT_FOUND", "Workspace not found");
  if (!mayInWorkspace(role, "reports.read")) throw new DomainError("FORBIDDEN");
  const query = parseParams(reportsQuery, request.query);
  const projectId = query.project_id ?? null;
  if (projectId !== null) {
    const project = await deps.db
      .selectFrom("read.projects")
      .select("id")
      .where("id", "=", projectId)
      .where("workspace_id", "=", workspaceId)
      .executeTakeFirst();
    if (!project) throw new DomainError("NOT_FOUND", "Project not found");
  }
  return {
    workspaceId,
    projectId,
    period: periodOf(query),
    from: query.from ?? null,
    to: query.to ?? null,
    figures: query.figures ?? reportFigures,
  };
}

const figureOf: {
  [Figure in ReportFigure]: (deps: Deps, scope: ReportScope) => Promise<NonNullable<ReportsAttributes[Figure]>>;
} = {
  stage_funnel: stageFunnel,
  time_in_stage: timeInStage,
  step_performance: stepPerformance,
};

const figureParam = z.object({ figure: z.enum(reportFigures) }).loose();

export function reportsRoutes(app: FastifyInstance, deps: Deps, screenQueries: ScreenQueries): void {
  app.get("/workspaces/:id/reports", async (request) => {
    const scope = await scopeOf(deps, request);
    const asked = (figure: ReportFigure) => scope.figures.includes(figure);
    // The page waits on these figures: its replica's catch-up reads no keys beside them meanwhile.
    const ended = screenQueries.begin(requireSession(request).userId);
    const [funnel, stays, steps] = await Promise.all([
      asked("stage_funnel") ? figureOf.stage_funnel(deps, scope) : undefined,
      asked("time_in_stage") ? figureOf.time_in_stage(deps, scope) : undefined,
      asked("step_performance") ? figureOf.step_performance(deps, scope) : undefined,
    ]).finally(ended);
    const attributes: ReportsAttributes = {
      project_id: scope.projectId,
      from: scope.from,
      to: scope.to,
      ...(funnel === undefined ? {} : { stage_funnel: funnel }),
      ...(stays === undefined ? {} : { time_in_stage: stays }),
      ...(steps === undefined ? {} : { step_performance: steps }),
    };
    return { data: { id: scope.workspaceId, type: "report", attributes } };
  });

  app.get("/workspaces/:id/reports/:figure/csv", async (request, reply) => {
    const figure = figureParam.safeParse(request.params).data?.figure;
    const scope = await scopeOf(deps, request);
    if (figure === undefined) throw new DomainError("NOT_FOUND", "Report not found");
    const rows = await figureOf[figure](deps, scope);
    return reply
      .header("content-type", "text/csv; charset=utf-8")
      .header("content-disposition", attachmentDisposition(`${figure}.csv`))
      .header("x-content-type-options", "nosniff")
      .send(reportCsv(rows, reportFigureColumns[figure]));
  });
}
