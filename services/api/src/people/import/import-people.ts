// Runs an import's plan: one command per new or newly assigned person, a few at a time.
import { candidacyIdOf } from "@hirestream/contracts/candidacies/candidacy-id.ts";
import { DomainError } from "@hirestream/contracts/errors.ts";
import type { ImportRowError } from "@hirestream/contracts/people/import.ts";
import type { CandidacyContext } from "@hirestream/domain/candidacy/candidacy.decider.ts";
import { scopedId } from "@hirestream/eventstore/event-id.ts";
import { runCandidacyCommand } from "../../candidacies/candidacy-commands.ts";
import type { Deps } from "../../deps.ts";
import type { WorkspaceRoles } from "../../workspaces/workspace-roles.ts";
import { runPersonCommand } from "../person-commands.ts";
import { type ImportTarget, type PlannedRow, planImport } from "./import-plan.ts";
import type { ImportRow } from "./import-rows.ts";
import { knownPeople } from "./known-people.ts";
import { mapLimited } from "./map-limited.ts";

/** Enough to keep the pool busy without taking every connection from the other requests. */
const CONCURRENCY = 8;

export interface ImportRequest extends ImportTarget {
  /** The request's command id: each row's command id derives from it, so a retry appends nothing twice. */
  commandId: string;
  /** The importer's roles, read once for the whole file. */
  roles: WorkspaceRoles;
  rows: readonly ImportRow[];
  /** Inside a project: every person of the file also lands in this stage of it. */
  project?: { context: CandidacyContext; stageId: string } | undefined;
}

export interface ImportTally {
  new: number;
  assigned: number;
  existing: number;
  rowErrors: ImportRowError[];
  /** Highest position appended, 0 when nothing was. */
  position: number;
}

type RowOutcome = { kind: "new" | "assigned" | "existing"; position: number } | { kind: "error"; reason: string };

export async function importPeople(deps: Deps, request: ImportRequest): Promise<ImportTally> {
  const emails = request.rows.flatMap((row) => row.identity);
  const known = await knownPeople(deps, request.userId, request.workspaceId, emails);
  const planned = planImport(request.rows, known, request);
  const outcomes = await mapLimited(planned, CONCURRENCY, async (row) => ({
    line: row.line,
    outcome: await runRow(deps, request, row),
  }));
  const tally: ImportTally = { new: 0, assigned: 0, existing: 0, rowErrors: [], position: 0 };
  for (const { line, outcome } of outcomes) {
    if (outcome.kind === "error") {
      tally.rowErrors.push({ line, reason: outcome.reason });
      continue;
    }
    // An assigned person existed already: counted in both, as the result document says.
    if (outcome.kind === "new") tally.new++;
    else tally.existing++;
    if (outcome.kind === "assigned") tally.assigned++;
    tally.position = Math.max(tally.position, outcome.position);
  }
  return tally;
}

async function runRow(deps: Deps, request: ImportRequest, row: PlannedRow): Promise<RowOutcome> {
  try {
    const outcome = await personStep(deps, request, row);
    if (request.project === undefined || row.personId === undefined) return outcome;
    return await intoProject(deps, request.commandId, request.project, row.personId, outcome);
  } catch (error) {
    // A refusal concerns this row only; the other rows still import.
    if (error instanceof DomainError) return { kind: "error", reason: error.message };
    throw error;
  }
}

function personStep(deps: Deps, request: ImportRequest, row: PlannedRow): Promise<RowOutcome> {
  switch (row.kind) {
    case "existing":
      return Promise.resolve({ kind: "existing", position: 0 });
    case "assign":
      return assign(deps, request, row.personId);
    case "add":
      return add(deps, request, row);
    default: {
      const never: never = row;
      return never;
    }
  }
}

/**
 * Puts the row's person in the project's stage. A known person newly put there counts as
 * assigned; one already in the project is left in its stage and stays existing.
 */
async function intoProject(
  deps: Deps,
  commandId: string,
  project: NonNullable<ImportRequest["project"]>,
  personId: string,
  outcome: RowOutcome,
): Promise<RowOutcome> {
  if (outcome.kind === "error" || project.context.project === null) return outcome;
  const added = await runCandidacyCommand(
    deps,
    candidacyIdOf(project.context.project.projectId, personId),
    { type: "AddCandidacy", data: { personId, stageId: project.stageId } },
    scopedId(commandId, `candidacy/${personId}`),
    project.context,
  );
  const position = Math.max(outcome.position, added.position);
  if (outcome.kind === "new") return { kind: "new", position };
  return { kind: added.events.length > 0 ? "assigned" : outcome.kind, position };
}

async function add(deps: Deps, request: ImportRequest, row: Extract<PlannedRow, { kind: "add" }>): Promise<RowOutcome> {
  try {
    const outcome = await runPersonCommand(
      deps,
      row.personId,
      {
        type: "AddPerson",
        data: { personId: row.personId, profile: row.profile, workspaceId: request.workspaceId, source: "import" },
      },
      scopedId(request.commandId, `add/${row.identity}`),
      request.userId,
      request.roles,
    );
    return { kind: "new", position: outcome.position };
  } catch (error) {
    // Another import (or one the read model has not shown yet) added this person first.
    if (!(error instanceof DomainError) || error.code !== "ALREADY_EXISTS") throw error;
    return request.workspaceId === null ? { kind: "existing", position: 0 } : assign(deps, request, row.personId);
  }
}

async function assign(deps: Deps, request: ImportRequest, personId: string): Promise<RowOutcome> {
  const { workspaceId } = request;
  if (workspaceId === null) return { kind: "existing", position: 0 };
  const outcome = await runPersonCommand(
    deps,
    personId,
    { type: "AddPersonToWorkspace", data: { workspaceId } },
    scopedId(request.commandId, `assign/${personId}`),
    request.userId,
    request.roles,
  );
  // Already in the workspace (a concurrent import put it there): nothing was assigned now.
  return { kind: outcome.events.length > 0 ? "assigned" : "existing", position: outcome.position };
}
