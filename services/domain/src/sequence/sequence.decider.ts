import { DomainError } from "@hirestream/contracts/errors.ts";
import { mayInWorkspace, type WorkspaceAction } from "@hirestream/contracts/permissions/permission-table.ts";
import type { SequenceContent, SequenceEvent } from "@hirestream/contracts/sequences/events.ts";
import type { WorkspaceRole } from "@hirestream/contracts/workspaces/events.ts";
import type { CommandContext, Decider } from "../decider.ts";
import { type SequenceInput, sequenceContentOf } from "./sequence-content.ts";

export type SequenceCommand =
  | { type: "CreateSequence"; data: { sequenceId: string; workspaceId: string } & SequenceInput }
  | { type: "EditSequence"; data: { workspaceId: string } & SequenceInput }
  | { type: "RemoveSequence"; data: { workspaceId: string } };

export type SequenceState =
  | { status: "unknown" }
  | { status: "active"; userId: string; sequence: SequenceContent }
  | { status: "removed" };

/** A workflow stage that starts the sequence. */
export interface StageUsingSequence {
  workflowName: string;
  stageName: string;
}

/** Who asks, their role in the workspace the command names (undefined: not a member). */
export interface SequenceContext extends CommandContext {
  workspaceRole: WorkspaceRole | undefined;
  /** For a removal: the stages that start the sequence (from the workflows read model). */
  stagesUsing?: readonly StageUsingSequence[] | undefined;
}

/**
 * A sequence a stage starts is not removed: the stage would name nothing, and candidates entering
 * it would silently get no email. The recruiter picks another sequence for the stage first.
 */
export const sequenceInUse = ({ workflowName, stageName }: StageUsingSequence) =>
  `This sequence is started by the stage ${stageName} of the workflow ${workflowName}: choose another sequence there before removing it`;

export const sequenceDecider: Decider<SequenceState, SequenceCommand, SequenceEvent, SequenceContext> = {
  initialState: () => ({ status: "unknown" }),

  evolve(state, event) {
    switch (event.type) {
      case "SequenceCreated": {
        const { userId, ...sequence } = event.data;
        return { status: "active", userId, sequence };
      }
      case "SequenceEdited":
        return state.status === "active" ? { ...state, sequence: event.data } : state;
      case "SequenceRemoved":
        return { status: "removed" };
      default:
        return state;
    }
  },

  decide(state, command, context) {
    switch (command.type) {
      case "CreateSequence": {
        const userId = authorize(context, "sequences.create");
        if (state.status !== "unknown") throw new DomainError("ALREADY_EXISTS");
        const { sequenceId, workspaceId } = command.data;
        const sequence = sequenceContentOf({ sequenceId, workspaceId }, command.data);
        return [{ type: "SequenceCreated", data: { ...sequence, userId } }];
      }
      case "EditSequence": {
        const current = manageable(state, command.data.workspaceId, context);
        const { sequenceId, workspaceId } = current.sequence;
        const sequence = sequenceContentOf({ sequenceId, workspaceId }, command.data, current.sequence);
        if (JSON.stringify(sequence) === JSON.stringify(current.sequence)) return [];
        return [{ type: "SequenceEdited", data: sequence }];
      }
      case "RemoveSequence": {
        const current = manageable(state, command.data.workspaceId, context);
        const using = context.stagesUsing?.[0];
        if (using) throw new DomainError("CONFLICT", sequenceInUse(using));
        const { sequenceId, workspaceId } = current.sequence;
        return [{ type: "SequenceRemoved", data: { sequenceId, workspaceId } }];
      }
      default: {
        const unhandled: never = command;
        throw new Error(`unhandled command ${JSON.stringify(unhandled)}`);
      }
    }
  },
};

/** Permission before existence: a stranger learns nothing (404), a viewer is refused (403). */
function authorize(context: SequenceContext, action: WorkspaceAction): string {
  if (!context.actorId) throw new DomainError("UNAUTHENTICATED");
  const role = context.workspaceRole;
  if (role === undefined) throw new DomainError("NOT_FOUND", "Workspace not found");
  if (!mayInWorkspace(role, action)) throw new DomainError("FORBIDDEN");
  return context.actorId;
}

type ActiveSequence = Extract<SequenceState, { status: "active" }>;

/**
 * The sequence an edit or a removal changes: a role that creates no sequences manages none (403
 * before existence), then it must be a sequence of this workspace (404), and theirs to manage (403).
 */
function manageable(state: SequenceState, workspaceId: string, context: SequenceContext): ActiveSequence {
  authorize(context, "sequences.create");
  if (state.status !== "active" || state.sequence.workspaceId !== workspaceId) {
    throw new DomainError("NOT_FOUND", "Sequence not found");
  }
  if (!mayManageSequence(state, context)) {
    throw new DomainError("FORBIDDEN", "Your role does not allow changing this sequence");
  }
  return state;
}

/** Spec §6, as for workflows: leads manage every sequence, a collaborator those they created. */
export function mayManageSequence(sequence: Pick<ActiveSequence, "userId">, context: SequenceContext): boolean {
  const role = context.workspaceRole;
  if (role === undefined) return false;
  if (mayInWorkspace(role, "sequences.manage")) return true;
  return sequence.userId === context.actorId && mayInWorkspace(role, "sequences.create");
}
