import type { InvitationCommand, InvitationState } from "@hirestream/domain/invitation/invitation.decider.ts";
import { scopedId } from "@hirestream/eventstore/event-id.ts";
import type { Deps } from "../deps.ts";
import { runProjectCommand } from "../projects/project-commands.ts";
import { runWorkspaceCommand } from "../workspaces/workspace-commands.ts";
import { runInvitationCommand } from "./invitation-commands.ts";
import { type Actor, answerContext } from "./invitation-context.ts";

/**
 * Accepts or rejects. An acceptance then makes the invitee a member of the workspace (unless they
 * are one) and of the project the invitation names, each with a command id derived from the
 * answer's: the same request again appends nothing twice, and repairs an acceptance whose joins
 * did not all land.
 */
export async function answerInvitation(
  deps: Deps,
  actor: Actor,
  invitationId: string,
  command: Extract<InvitationCommand, { type: "AcceptInvitation" | "RejectInvitation" }>,
  commandId: string,
): Promise<{ state: InvitationState; position: number }> {
  const answered = await runInvitationCommand(deps, invitationId, command, commandId, answerContext(deps, actor));
  const { state } = answered;
  if (command.type === "RejectInvitation" || state.status !== "active") return answered;
  const { invitation } = state;
  const joinedWorkspace = await runWorkspaceCommand(
    deps,
    invitation.workspaceId,
    {
      type: "JoinWorkspace",
      data: {
        invitation: {
          status: state.status,
          workspaceId: invitation.workspaceId,
          toUserId: invitation.toUserId,
          workspaceRole: invitation.workspaceRole,
        },
      },
    },
    scopedId(commandId, "workspace"),
    actor.userId,
  );
  let position = Math.max(answered.position, joinedWorkspace.position);
  if (invitation.invitableType === "Project") {
    const joinedProject = await runProjectCommand(
      deps,
      invitation.workspaceId,
      invitation.invitableId,
      {
        type: "JoinProject",
        data: {
          invitation: {
            status: state.status,
            projectId: invitation.invitableId,
            toUserId: invitation.toUserId,
            projectRole: invitation.projectRole,
          },
        },
      },
      scopedId(commandId, "project"),
      actor.userId,
    );
    position = Math.max(position, joinedProject.position);
  }
  return { state, position };
}
