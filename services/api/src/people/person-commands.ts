import { personEvent } from "@hirestream/contracts/people/events.ts";
import type { WorkspaceRole } from "@hirestream/contracts/workspaces/events.ts";
import { type PersonCommand, personDecider } from "@hirestream/domain/person/person.decider.ts";
import { handleCommand } from "@hirestream/eventstore/handle-command.ts";
import type { Deps } from "../deps.ts";

export const personStream = (personId: string) => `person-${personId}`;
const parsePersonEvent = (stored: { type: string; data: unknown }) => personEvent.safeParse(stored).data;

/** The actor's role in each workspace they belong to: what a person decision may need to know. */
export async function workspaceRolesOf(deps: Deps, userId: string): Promise<Map<string, WorkspaceRole>> {
  const rows = await deps.db
    .selectFrom("read.workspace_members")
    .select(["workspace_id", "role"])
    .where("user_id", "=", userId)
    .execute();
  return new Map(rows.map((row) => [row.workspace_id, row.role as WorkspaceRole]));
}

export async function runPersonCommand(
  deps: Deps,
  personId: string,
  command: PersonCommand,
  commandId: string,
  actorId: string,
  workspaceRoles?: ReadonlyMap<string, WorkspaceRole>,
) {
  return handleCommand(
    deps.store,
    personDecider,
    parsePersonEvent,
    {
      streamId: personStream(personId),
      command,
      context: {
        now: deps.clock(),
        actorId,
        workspaceRoles: workspaceRoles ?? (await workspaceRolesOf(deps, actorId)),
      },
      commandId,
      expectNew: command.type === "AddPerson",
    },
    deps.aggregates,
  );
}
