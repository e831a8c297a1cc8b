// Putting people into a project: Assign from a people list (POST …/projects/{id}/assign_people)
// and the Export People modal (POST /people/export_to_project). Both answer in the import's words.
import {
  type AssignResultDocument,
  assignPeopleAttributes,
  exportToProjectAttributes,
} from "@hirestream/contracts/candidacies/commands.ts";
import type { CandidacyContext } from "@hirestream/domain/candidacy/candidacy.decider.ts";
import type { FastifyInstance } from "fastify";
import { requireSession } from "../auth/authenticate.ts";
import type { Deps } from "../deps.ts";
import { commandIdOf } from "../http/idempotency.ts";
import { parseWriteBody } from "../http/parse.ts";
import { type PathWorkspace, reachedThrough, workspaceParam } from "../projects/project-path.ts";
import { type Assignment, assignPeople } from "./assign-people.ts";
import { uuidParam } from "./candidacy-params.ts";
import { pipelineContext } from "./pipeline-context.ts";

/** A project reached through another workspace's path is as unknown as a missing one. */
function throughWorkspace(context: CandidacyContext, workspaceId: PathWorkspace): CandidacyContext {
  if (context.project === null || reachedThrough(workspaceId, context.project.workspaceId)) return context;
  return { ...context, project: null };
}

async function answer(
  deps: Deps,
  commandId: string,
  actorId: string,
  context: CandidacyContext,
  people: Assignment[],
): Promise<AssignResultDocument> {
  const tally = await assignPeople(deps, { commandId, actorId, context, people });
  return {
    data: {
      type: "assign_result",
      id: commandId,
      attributes: {
        new: tally.new,
        assigned: tally.assigned,
        existing: tally.existing,
        errors: tally.errors.length,
        success: tally.new + tally.existing,
        total: tally.total,
      },
    },
    meta: { person_errors: tally.errors, position: tally.position },
  };
}

export function assignRoutes(app: FastifyInstance, deps: Deps): void {
  app.post("/workspaces/:id/projects/:projectId/assign_people", async (request) => {
    const session = requireSession(request);
    const workspaceId = workspaceParam(request.params);
    const projectId = uuidParam(request.params, "projectId", "Project");
    const { attributes } = parseWriteBody(assignPeopleAttributes, request.body, {
      types: ["project", "projects", "project_person", "project_people"],
    });
    const context = throughWorkspace(await pipelineContext(deps, session.userId, projectId), workspaceId);
    const people = attributes.people_attributes.map((item) => ({ personId: item.person_id, stageId: item.stage_id }));
    return answer(deps, commandIdOf(request), session.userId, context, people);
  });

  app.post("/people/export_to_project", async (request) => {
    const session = requireSession(request);
    const { attributes } = parseWriteBody(exportToProjectAttributes, request.body, {
      types: ["person", "people", "project_person", "project_people"],
    });
    const context = throughWorkspace(
      await pipelineContext(deps, session.userId, attributes.project_id),
      attributes.workspace_id,
    );
    const people = attributes.people_ids.map((personId) => ({ personId }));
    return answer(deps, commandIdOf(request), session.userId, context, people);
  });
}
