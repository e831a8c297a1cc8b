import { personEvent } from "@hirestream/contracts/people/events.ts";
import { type PersonCommand, personDecider } from "@hirestream/domain/person/person.decider.ts";
import { handleCommand } from "@hirestream/eventstore/handle-command.ts";
import type { Deps } from "../deps.ts";
import { streamState } from "../stream-state.ts";
import { WorkspaceRoles } from "../workspaces/workspace-roles.ts";

export const personStream = (personId: string) => `person-${personId}`;
const parsePersonEvent = (stored: { type: string; data: unknown }) => personEvent.safeParse(stored).data;

/**
 * The workspaces a decision on the person looks at: those the person is in (through which the actor
 * may reach them) and the one the command names. Only the actor's roles there are read.
 */
async function workspacesDecidedOn(deps: Deps, personId: string, command: PersonCommand): Promise<string[]> {
  if (command.type === "AddPerson") return command.data.workspaceId === null ? [] : [command.data.workspaceId];
  const state = await streamState(deps, personDecider, parsePersonEvent, personStream(personId));
  const own = state.status === "active" ? state.workspaceIds : [];
  return command.type === "AddPersonToWorkspace" ? [...own, command.data.workspaceId] : [...own];
}

/**
 * Runs a command on a person, decided with the actor's roles from the workspaces' own streams
 * (`roles` shares those reads between the commands of one request). Should the person join another
 * workspace between that read and the append, the decision knows no role there and may refuse: a
 * refusal, never a permission granted in error.
 */
export async function runPersonCommand(
  deps: Deps,
  personId: string,
  command: PersonCommand,
  commandId: string,
  actorId: string,
  roles: WorkspaceRoles = new WorkspaceRoles(deps, actorId),
) {
  const workspaceRoles = await roles.in(await workspacesDecidedOn(deps, personId, command));
  return handleCommand(
    deps.store,
    personDecider,
    parsePersonEvent,
    {
      streamId: personStream(personId),
      command,
      context: { now: deps.clock(), actorId, workspaceRoles },
      commandId,
      expectNew: command.type === "AddPerson",
    },
    deps.aggregates,
  );
}
