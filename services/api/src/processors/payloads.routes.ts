import { stageFilter } from "@hirestream/contracts/candidacies/commands.ts";
import { DomainError } from "@hirestream/contracts/errors.ts";
import { payloadListQuery, statusFilter } from "@hirestream/contracts/processors/commands.ts";
import type { FastifyInstance } from "fastify";
import { requireSession } from "../auth/authenticate.ts";
import { uuidParam } from "../candidacies/candidacy-params.ts";
import { findReadableProject } from "../candidacies/candidacy-queries.ts";
import type { Deps } from "../deps.ts";
import { listDocument } from "../http/jsonapi.ts";
import { parseParams } from "../http/parse.ts";
import { listPayloads, payloadResource, processorResource } from "./payload-queries.ts";

export function payloadRoutes(app: FastifyInstance, deps: Deps): void {
  // The Message tab's list (spec §7 "List payloads"), and the same runs as processors (API.md):
  // only someone who reaches the project sees them.
  for (const resource of ["payloads", "sequence_processors"] as const) {
    app.get(`/workspaces/:id/projects/:projectId/${resource}`, async (request) => {
      const session = requireSession(request);
      const workspaceId = uuidParam(request.params, "id", "Workspace");
      const projectId = uuidParam(request.params, "projectId", "Project");
      const query = parseParams(payloadListQuery, request.query);
      const project = await findReadableProject(deps, session.userId, projectId);
      if (!project || project.workspace_id !== workspaceId) throw new DomainError("NOT_FOUND", "Project not found");
      const { rows, total } = await listPayloads(deps, projectId, query);
      return listDocument(
        rows.map((row) => (resource === "payloads" ? payloadResource(row) : processorResource(row))),
        {
          total,
          page: { number: query.page, size: query.limit },
          path: `/api/v1/workspaces/${workspaceId}/projects/${projectId}/${resource}`,
          query: { search_by: query.search_by, "by_stages[]": stageFilter(query), "by_status[]": statusFilter(query) },
        },
      );
    });
  }
}
