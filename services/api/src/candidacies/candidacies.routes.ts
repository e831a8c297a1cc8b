// A project's pipeline (spec §7 Project people): the People tab's list, the talent search across
// projects, and moving, answering for and removing one candidate.
import {
  candidacyListQuery,
  candidacyResponseAttributes,
  candidacySearchQuery,
  moveCandidacyAttributes,
  stageFilter,
} from "@hirestream/contracts/candidacies/commands.ts";
import { DomainError } from "@hirestream/contracts/errors.ts";
import type { CandidacyCommand, CandidacyState } from "@hirestream/domain/candidacy/candidacy.decider.ts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { requireSession } from "../auth/authenticate.ts";
import type { Deps } from "../deps.ts";
import { commandIdOf } from "../http/idempotency.ts";
import { listDocument } from "../http/jsonapi.ts";
import { parseParams, parseWriteBody } from "../http/parse.ts";
import { runCandidacyCommand } from "./candidacy-commands.ts";
import {
  candidacyResource,
  distinct,
  includedPerson,
  includedProject,
  searchedCandidacyResource,
  writtenCandidacy,
} from "./candidacy-documents.ts";
import { includedStagesAndWorkspaces } from "./candidacy-included.ts";
import { sameId, uuidParam } from "./candidacy-params.ts";
import { findReadableProject, listCandidacies, searchCandidacies } from "./candidacy-queries.ts";
import { pipelineContext } from "./pipeline-context.ts";

const types = ["project_person", "project_people"] as const;

function idsOf(params: unknown): { projectId: string; candidacyId: string } {
  return { projectId: uuidParam(params, "projectId", "Project"), candidacyId: uuidParam(params, "id", "Candidate") };
}

export function candidacyRoutes(app: FastifyInstance, deps: Deps): void {
  app.get("/projects/:id/project_people", async (request) => {
    const session = requireSession(request);
    const projectId = uuidParam(request.params, "id", "Project");
    const query = parseParams(candidacyListQuery, request.query);
    if (!(await findReadableProject(deps, session.userId, projectId)))
      throw new DomainError("NOT_FOUND", "Project not found");
    const stageIds = stageFilter(query);
    const { rows, total } = await listCandidacies(deps, session.userId, projectId, query, stageIds);
    const document = listDocument(rows.map(candidacyResource), {
      total,
      page: { number: query.page, size: query.limit },
      path: `/api/v1/projects/${projectId}/project_people`,
      query: { search_by: query.search_by, "by_stages[]": stageIds },
    });
    const related = await includedStagesAndWorkspaces(deps, rows);
    return { ...document, included: distinct([...rows.map(includedPerson), ...related]) };
  });

  // The top bar's talent search: candidates of every project the user can read.
  app.get("/project_people/global_search", async (request) => {
    const session = requireSession(request);
    const query = parseParams(candidacySearchQuery, request.query);
    const { rows, total } = await searchCandidacies(deps, session.userId, query);
    const document = listDocument(rows.map(searchedCandidacyResource), {
      total,
      page: { number: query.page, size: query.limit },
      path: "/api/v1/project_people/global_search",
      query: { search_by: query.search_by },
    });
    const related = await includedStagesAndWorkspaces(deps, rows);
    return {
      ...document,
      included: distinct([...rows.map(includedPerson), ...related, ...rows.map(includedProject)]),
    };
  });

  app.put("/projects/:projectId/project_people/:id/move", async (request) => {
    requireSession(request);
    const { id, attributes } = parseWriteBody(moveCandidacyAttributes, request.body, { types });
    return write(request, id, { type: "MoveCandidacy", data: { stageId: attributes.stage_id } });
  });

  app.put("/projects/:projectId/project_people/:id/person_response", async (request) => {
    requireSession(request);
    const { id, attributes } = parseWriteBody(candidacyResponseAttributes, request.body, { types });
    return write(request, id, { type: "SetCandidacyResponse", data: { response: attributes.response } });
  });

  app.delete("/projects/:projectId/project_people/:id", async (request) => {
    const { position } = await run(request, { type: "RemoveCandidacy" });
    return { meta: { position, result: "removed" } };
  });

  async function run(request: FastifyRequest, command: CandidacyCommand) {
    const session = requireSession(request);
    const { projectId, candidacyId } = idsOf(request.params);
    const context = await pipelineContext(deps, session.userId, projectId);
    const outcome = await runCandidacyCommand(deps, candidacyId, command, commandIdOf(request), context);
    return { ...outcome, stages: context.stages };
  }

  /** What a write answers: the candidate as the command left it, and the position to read from. */
  async function write(request: FastifyRequest, sentId: string | undefined, command: CandidacyCommand) {
    sameId(sentId, idsOf(request.params).candidacyId);
    const { state, position, stages } = await run(request, command);
    return { data: answered(state, stages), meta: { position } };
  }
}

function answered(state: CandidacyState, stages: Parameters<typeof writtenCandidacy>[1]) {
  return state.status === "active" ? writtenCandidacy(state.candidacy, stages) : null;
}
