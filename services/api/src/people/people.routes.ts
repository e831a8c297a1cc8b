import { DomainError } from "@hirestream/contracts/errors.ts";
import { listQuery } from "@hirestream/contracts/lists.ts";
import { personProfileChanges } from "@hirestream/contracts/people/profile.ts";
import type { FastifyInstance } from "fastify";
import { requireSession } from "../auth/authenticate.ts";
import type { Deps } from "../deps.ts";
import { commandIdOf } from "../http/idempotency.ts";
import { listDocument } from "../http/jsonapi.ts";
import { parseParams, parseWriteBody } from "../http/parse.ts";
import { pathId } from "../http/path-id.ts";
import { workspaceParam } from "../projects/project-path.ts";
import { findWorkspace } from "../workspaces/workspace-queries.ts";
import {
  findVisiblePerson,
  listPool,
  listWorkspacePeople,
  type PersonRecord,
  personResource,
  relatedWorkspaces,
  writtenResource,
} from "./people-queries.ts";
import { runPersonCommand } from "./person-commands.ts";

const types = ["person", "people"] as const;

/** An id that is not a UUID names nothing: 404, like any other unknown id. */
function idOf(params: unknown, what: "Person" | "Workspace", key = "id"): string {
  return pathId(params, key, `${what} not found`);
}

async function resources(deps: Deps, userId: string, people: PersonRecord[]) {
  const related = await relatedWorkspaces(deps, userId, people);
  return people.map((person) => personResource(person, related.get(person.id) ?? []));
}

export function peopleRoutes(app: FastifyInstance, deps: Deps): void {
  // The talent pool: the people the user owns, whichever workspace they came through.
  app.get("/people", async (request) => {
    const session = requireSession(request);
    const query = parseParams(listQuery, request.query);
    const { rows, total } = await listPool(deps, session.userId, query);
    return listDocument(await resources(deps, session.userId, rows), {
      total,
      page: { number: query.page, size: query.limit },
      path: "/api/v1/people",
      query: { search_by: query.search_by },
    });
  });

  app.get("/people/:id", async (request) => {
    const session = requireSession(request);
    const person = await findVisiblePerson(deps, session.userId, idOf(request.params, "Person"));
    if (!person) throw new DomainError("NOT_FOUND", "Person not found");
    const [resource] = await resources(deps, session.userId, [person]);
    return { data: resource };
  });

  app.put("/people/:id", async (request) => {
    const session = requireSession(request);
    const personId = idOf(request.params, "Person");
    const { id, attributes } = parseWriteBody(personProfileChanges.strict(), request.body, { types });
    if (id !== undefined && id !== personId) {
      throw new DomainError("CONFLICT", "data.id does not match the person in the URL", "/data/id");
    }
    const outcome = await runPersonCommand(
      deps,
      personId,
      { type: "UpdatePerson", data: { changes: attributes } },
      commandIdOf(request),
      session.userId,
    );
    // Answered from the decision, not the read model, which may not have caught up yet.
    const { state } = outcome;
    if (state.status !== "active") throw new DomainError("NOT_FOUND", "Person not found");
    const related = await relatedWorkspaces(deps, session.userId, [
      { id: personId, workspace_ids: [...state.workspaceIds] },
    ]);
    return {
      data: writtenResource(personId, state.ownerId, state.profile, related.get(personId) ?? []),
      meta: { position: outcome.position },
    };
  });

  app.get("/workspaces/:id/people", async (request) => {
    const session = requireSession(request);
    const workspaceId = workspaceParam(request.params);
    const query = parseParams(listQuery, request.query);
    if (workspaceId !== "me" && !(await findWorkspace(deps, session.userId, workspaceId)))
      throw new DomainError("NOT_FOUND", "Workspace not found");
    const { rows, total } = await listWorkspacePeople(deps, session.userId, workspaceId, query);
    return listDocument(await resources(deps, session.userId, rows), {
      total,
      page: { number: query.page, size: query.limit },
      path: `/api/v1/workspaces/${workspaceId}/people`,
      query: { search_by: query.search_by },
    });
  });
}
