// The dashboard's CSV exports (spec §2 Workspace home, §7): per workspace and per project; with a
// stage, the Message tab's messaging analytics of that stage (workflows-sequences-messaging.md §2).
import { messagingAnalyticsFileName } from "@hirestream/contracts/analytics/messaging-analytics.ts";
import { DomainError } from "@hirestream/contracts/errors.ts";
import type { FastifyInstance, FastifyReply } from "fastify";
import { z } from "zod";
import { requireSession } from "../auth/authenticate.ts";
import type { Deps } from "../deps.ts";
import { attachmentDisposition } from "../files/content-disposition.ts";
import { parseParams } from "../http/parse.ts";
import { pathId } from "../http/path-id.ts";
import { workspaceParam } from "../projects/project-path.ts";
import { findProject, visibleProjects } from "../projects/project-queries.ts";
import { findWorkspace } from "../workspaces/workspace-queries.ts";
import { messagingAnalyticsOf } from "./messaging-analytics-query.ts";
import { messagingCsv } from "./messaging-csv.ts";
import { figuresOfProjects } from "./project-stats-query.ts";
import { statsCsv } from "./stats-csv.ts";

/** A project id that is not a UUID names nothing: 404, like any other unknown id. */
function projectIdOf(params: unknown): string {
  return pathId(params, "projectId", "Project not found");
}

const noQuery = z.object({}).strict();

/** With a stage: the messaging analytics of that stage's payloads (API.md). */
const projectExportQuery = z.object({ stage_id: z.uuid({ error: "must be a UUID" }).optional() }).strict();

function sendCsv(reply: FastifyReply, filename: string, csv: string) {
  return reply
    .header("content-type", "text/csv; charset=utf-8")
    .header("content-disposition", attachmentDisposition(filename))
    .header("x-content-type-options", "nosniff")
    .send(csv);
}

export function analyticsRoutes(app: FastifyInstance, deps: Deps): void {
  // Every project of the workspace the user can see, Current and Archived alike, newest first. For
  // `me`, every such project of every workspace the user belongs to, in a file named for no
  // workspace: `analytics.csv`.
  app.get("/workspaces/:id/export_analytics", async (request, reply) => {
    const session = requireSession(request);
    parseParams(noQuery, request.query);
    const workspaceId = workspaceParam(request.params);
    const workspace = workspaceId === "me" ? null : await findWorkspace(deps, session.userId, workspaceId);
    if (workspaceId !== "me" && !workspace) throw new DomainError("NOT_FOUND", "Workspace not found");
    const projects = await visibleProjects(deps, session.userId, workspaceId)
      .orderBy("p.created_at", "desc")
      .orderBy("p.id")
      .execute();
    const figuresOf = await figuresOfProjects(
      deps,
      projects.map((project) => project.id),
    );
    const rows = projects.map((project) => ({ project: project.name, ...figuresOf(project.id) }));
    return sendCsv(reply, workspace ? `${workspace.name}_analytics.csv` : "analytics.csv", statsCsv(rows));
  });

  app.get("/workspaces/:id/projects/:projectId/export_analytics", async (request, reply) => {
    const session = requireSession(request);
    const workspaceId = workspaceParam(request.params);
    const projectId = projectIdOf(request.params);
    const query = parseParams(projectExportQuery, request.query);
    const project = await findProject(deps, session.userId, workspaceId, projectId);
    if (!project) throw new DomainError("NOT_FOUND", "Project not found");
    if (query.stage_id !== undefined) {
      const rows = await messagingAnalyticsOf(deps, project.id, query.stage_id);
      return sendCsv(reply, messagingAnalyticsFileName(project.name), messagingCsv(rows));
    }
    const figuresOf = await figuresOfProjects(deps, [project.id]);
    const rows = [{ project: project.name, ...figuresOf(project.id) }];
    return sendCsv(reply, `${project.name}_analytics.csv`, statsCsv(rows));
  });
}
