// Puts people into a project's pipeline (assign_people, export_to_project): each one into the
// project's workspace if not there yet, then into the project, a few at a time.

import { candidacyIdOf } from "@hirestream/contracts/candidacies/candidacy-id.ts";
import type { AssignPersonError } from "@hirestream/contracts/candidacies/commands.ts";
import { DomainError } from "@hirestream/contracts/errors.ts";
import { type CandidacyContext, stageOf, writableProject } from "@hirestream/domain/candidacy/candidacy.decider.ts";
import { scopedId } from "@hirestream/eventstore/event-id.ts";
import type { Deps } from "../deps.ts";
import { mapLimited } from "../people/import/map-limited.ts";
import { runPersonCommand } from "../people/person-commands.ts";
import { WorkspaceRoles } from "../workspaces/workspace-roles.ts";
import { runCandidacyCommand } from "./candidacy-commands.ts";

/** As the import: enough to keep the pool busy without taking every connection from other requests. */
const CONCURRENCY = 8;

export interface Assignment {
  personId: string;
  /** None: the project's first stage. */
  stageId?: string | null | undefined;
}

export interface AssignRequest {
  /** The request's command id: each person's commands derive theirs from it, so a retry appends nothing twice. */
  commandId: string;
  actorId: string;
  context: CandidacyContext;
  people: readonly Assignment[];
}

export interface AssignTally {
  new: number;
  assigned: number;
  existing: number;
  errors: AssignPersonError[];
  total: number;
  /** Highest position appended, 0 when nothing was. */
  position: number;
}

type Outcome =
  | { kind: "new"; joinedWorkspace: boolean; position: number }
  | { kind: "existing"; position: number }
  | { kind: "error"; reason: string };

/**
 * A project nobody may add to refuses the whole request (404, 403, 422) before anything is
 * appended; after that each person succeeds or fails alone. A person named twice is assigned as
 * first named, and counted again as existing.
 */
export async function assignPeople(deps: Deps, request: AssignRequest): Promise<AssignTally> {
  writableProject(request.context);
  stageOf(request.context, null);
  const firstNamed = new Map<string, Assignment>();
  for (const person of request.people) if (!firstNamed.has(person.personId)) firstNamed.set(person.personId, person);
  const unique = [...firstNamed.values()];
  // The actor's roles in the people's workspaces, each read once for the whole request.
  const roles = new WorkspaceRoles(deps, request.actorId);
  const outcomes = await mapLimited(unique, CONCURRENCY, async (person) => ({
    personId: person.personId,
    outcome: await assignOne(deps, request, person, roles),
  }));
  const tally: AssignTally = {
    new: 0,
    assigned: 0,
    existing: request.people.length - unique.length,
    errors: [],
    total: request.people.length,
    position: 0,
  };
  for (const { personId, outcome } of outcomes) {
    if (outcome.kind === "error") {
      tally.errors.push({ person_id: personId, reason: outcome.reason });
      continue;
    }
    tally.position = Math.max(tally.position, outcome.position);
    if (outcome.kind === "existing") {
      tally.existing++;
      continue;
    }
    tally.new++;
    if (outcome.joinedWorkspace) tally.assigned++;
  }
  return tally;
}

async function assignOne(
  deps: Deps,
  request: AssignRequest,
  person: Assignment,
  roles: WorkspaceRoles,
): Promise<Outcome> {
  const { context, commandId, actorId } = request;
  const project = writableProject(context);
  const { personId } = person;
  try {
    const stage = stageOf(context, person.stageId);
    // The person must be the actor's to see (pool or workspace), or this refuses with "Person not found".
    const joined = await runPersonCommand(
      deps,
      personId,
      { type: "AddPersonToWorkspace", data: { workspaceId: project.workspaceId } },
      scopedId(commandId, `workspace/${personId}`),
      actorId,
      roles,
    );
    const added = await runCandidacyCommand(
      deps,
      candidacyIdOf(project.projectId, personId),
      { type: "AddCandidacy", data: { personId, stageId: stage.id } },
      scopedId(commandId, `candidacy/${personId}`),
      context,
    );
    const position = Math.max(joined.position, added.position);
    if (added.events.length === 0) return { kind: "existing", position };
    return { kind: "new", joinedWorkspace: joined.events.length > 0, position };
  } catch (error) {
    // A refusal concerns this person only; the others are still assigned.
    if (error instanceof DomainError) return { kind: "error", reason: error.message };
    throw error;
  }
}
