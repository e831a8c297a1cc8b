import { credentialEvent } from "@hirestream/contracts/credentials/events.ts";
import {
  type CredentialCommand,
  type CredentialContext,
  type CredentialState,
  credentialDecider,
} from "@hirestream/domain/credential/credential.decider.ts";
import { handleCommand } from "@hirestream/eventstore/handle-command.ts";
import type { Deps } from "../deps.ts";
import { workspaceRoleOf } from "../projects/project-commands.ts";
import { streamState } from "../stream-state.ts";

export const credentialStream = (credentialId: string) => `credential-${credentialId}`;
const parseCredentialEvent = (stored: { type: string; data: unknown }) => credentialEvent.safeParse(stored).data;

/** The credential as its own events leave it now. */
export function currentCredential(deps: Deps, credentialId: string): Promise<CredentialState> {
  return streamState(deps, credentialDecider, parseCredentialEvent, credentialStream(credentialId));
}

/** Who asks, with their role in the URL's workspace, and whether this server keeps a local mailbox. */
export async function credentialContext(deps: Deps, workspaceId: string, actorId: string): Promise<CredentialContext> {
  return {
    now: deps.clock(),
    actorId,
    workspaceRole: await workspaceRoleOf(deps, actorId, workspaceId),
    localMailbox: deps.localMailbox ?? true,
  };
}

/**
 * Decides without appending: what a command would be refused for (who asks, what exists), found
 * before anything is stored beside its events.
 */
export function checkCredentialCommand(state: CredentialState, command: CredentialCommand, context: CredentialContext) {
  credentialDecider.decide(state, command, context);
}

export function runCredentialCommand(
  deps: Deps,
  credentialId: string,
  command: CredentialCommand,
  context: CredentialContext,
  commandId: string,
) {
  return handleCommand(
    deps.store,
    credentialDecider,
    parseCredentialEvent,
    {
      streamId: credentialStream(credentialId),
      command,
      context,
      commandId,
      expectNew: command.type === "AddCredential",
    },
    deps.aggregates,
  );
}
