import { invitationEvent } from "@hirestream/contracts/invitations/events.ts";
import {
  type InvitationCommand,
  type InvitationContext,
  type InvitationState,
  invitationDecider,
} from "@hirestream/domain/invitation/invitation.decider.ts";
import { handleCommand } from "@hirestream/eventstore/handle-command.ts";
import type { Deps } from "../deps.ts";
import { streamState } from "../stream-state.ts";

export const invitationStream = (invitationId: string) => `invitation-${invitationId}`;
const parseInvitationEvent = (stored: { type: string; data: unknown }) => invitationEvent.safeParse(stored).data;

export function runInvitationCommand(
  deps: Deps,
  invitationId: string,
  command: InvitationCommand,
  commandId: string,
  context: InvitationContext,
) {
  return handleCommand(
    deps.store,
    invitationDecider,
    parseInvitationEvent,
    {
      streamId: invitationStream(invitationId),
      command,
      context,
      commandId,
      expectNew: command.type === "SendInvitation",
    },
    deps.aggregates,
  );
}

/** The invitation as its own events leave it now. */
export function currentInvitation(deps: Deps, invitationId: string): Promise<InvitationState> {
  return streamState(deps, invitationDecider, parseInvitationEvent, invitationStream(invitationId));
}
