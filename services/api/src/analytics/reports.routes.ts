// The Reports page's figures (issue 17): the stage funnel, time in stage and step performance of
// a workspace, optionally of one project, over a period; for the workspace's owners and managers.
import { periodOf } from "@hirestream/contracts/analytics/analytics-period.ts";
import { type ReportsAttributes, reportsQuery } from "@hirestream/contracts/analytics/reports.ts";
import { DomainError } from "@hirestream/contracts/errors.ts";
import { mayInWorkspace } from "@hirestream/contracts/permissions/permission-table.ts";
import type { FastifyInstance } from "fastify";
import { requireSession } from "../auth/authenticate.ts";
import type { Deps } from "../deps.ts";
import { parseParams } from "../http/parse.ts";
import { pathId } from "../http/path-id.ts";
import { WorkspaceRoles } from "../workspaces/workspace-roles.ts";
import { stageFunnel, stepPerformance, timeInStage } from "./reports-query.ts";

export function reportsRoutes(app: FastifyInstance, deps: Deps): void {
  app.get("/workspaces/:id/reports", async (request) => {
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
    const scope = { workspaceId, projectId, period: periodOf(query) };
    const [funnel, stays, steps] = await Promise.all([
      stageFunnel(deps, scope),
      timeInStage(deps, scope),
      stepPerformance(deps, scope),
    ]);
    const attributes: ReportsAttributes = {
      project_id: projectId,
      from: query.from ?? null,
      to: query.to ?? null,
      stage_funnel: funnel,
      time_in_stage: stays,
      step_performance: steps,
    };
    return { data: { id: workspaceId, type: "report", attributes } };
  });
}
