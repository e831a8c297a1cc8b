import { DomainError } from "@hirestream/contracts/errors.ts";
import { messages } from "@hirestream/contracts/messages.ts";
import { mayInWorkspace, type WorkspaceAction } from "@hirestream/contracts/permissions/permission-table.ts";
import type { WorkspaceEvent, WorkspaceRole } from "@hirestream/contracts/workspaces/events.ts";
import type { CommandContext, Decider } from "../decider.ts";

export const WORKSPACE_NAME_MAX = 120;

export const workspaceMemberMessages = {
  notMember: "Member not found",
  ownerStays: "The owner of a workspace cannot be removed from it",
};

export type WorkspaceCommand =
  | { type: "CreateWorkspace"; data: { workspaceId: string; name: string; description?: string; visible?: boolean } }
  | { type: "UpdateWorkspace"; data: { name?: string; description?: string; visible?: boolean } }
  | { type: "RemoveWorkspace" }
  | { type: "LeaveWorkspace" }
  /** An owner or manager takes a member out; nobody takes the owner out. */
  | { type: "RemoveWorkspaceMember"; data: { userId: string } }
  /** The actor joins, as an invitation they accepted says (to the workspace, or to one of its projects). */
  | { type: "JoinWorkspace"; data: { invitation: AcceptedWorkspaceInvitation } };

/** What joining a workspace needs to know of the invitation, as its stream has it. */
export interface AcceptedWorkspaceInvitation {
  status: "waiting" | "active" | "inactive";
  workspaceId: string;
  toUserId: string | null;
  workspaceRole: WorkspaceRole;
}

export type WorkspaceState =
  | { status: "unknown" }
  | {
      status: "active";
      workspaceId: string;
      name: string;
      description: string;
      visible: boolean;
      ownerId: string;
      members: ReadonlyMap<string, WorkspaceRole>;
    }
  | { status: "removed" };

export const workspaceDecider: Decider<WorkspaceState, WorkspaceCommand, WorkspaceEvent> = {
  initialState: () => ({ status: "unknown" }),

  evolve(state, event) {
    if (event.type === "WorkspaceCreated") {
      const { workspaceId, name, description, visible, ownerId } = event.data;
      return { status: "active", workspaceId, name, description, visible, ownerId, members: new Map() };
    }
    if (state.status !== "active") return state;
    switch (event.type) {
      case "WorkspaceRenamed":
        return { ...state, name: event.data.name };
      case "WorkspaceDescriptionChanged":
        return { ...state, description: event.data.description };
      case "WorkspaceVisibilityChanged":
        return { ...state, visible: event.data.visible };
      case "WorkspaceMemberAdded":
        return { ...state, members: new Map(state.members).set(event.data.userId, event.data.role) };
      case "WorkspaceMemberLeft":
      case "WorkspaceMemberRemoved": {
        const members = new Map(state.members);
        members.delete(event.data.userId);
        return { ...state, members };
      }
      case "WorkspaceRemoved":
        return { status: "removed" };
      default:
        return state;
    }
  },

  decide(state, command, context) {
    if (command.type === "CreateWorkspace") {
      if (state.status !== "unknown") throw new DomainError("ALREADY_EXISTS");
      const ownerId = requireActor(context);
      const { workspaceId } = command.data;
      const name = validName(command.data.name);
      const description = command.data.description?.trim() || messages.newWorkspaceDescription;
      return [
        {
          type: "WorkspaceCreated",
          data: { workspaceId, name, description, visible: command.data.visible ?? true, ownerId },
        },
        { type: "WorkspaceMemberAdded", data: { workspaceId, userId: ownerId, role: "owner" } },
      ];
    }
    if (state.status !== "active") throw new DomainError("NOT_FOUND", "Workspace not found");
    const { workspaceId } = state;
    switch (command.type) {
      case "UpdateWorkspace": {
        authorize(state, context, "workspace.update");
        const events: WorkspaceEvent[] = [];
        const { name, description, visible } = command.data;
        if (name !== undefined && validName(name) !== state.name) {
          events.push({ type: "WorkspaceRenamed", data: { workspaceId, name: validName(name) } });
        }
        if (description !== undefined && description.trim() !== state.description) {
          events.push({ type: "WorkspaceDescriptionChanged", data: { workspaceId, description: description.trim() } });
        }
        if (visible !== undefined && visible !== state.visible) {
          events.push({ type: "WorkspaceVisibilityChanged", data: { workspaceId, visible } });
        }
        return events;
      }
      case "RemoveWorkspace":
        authorize(state, context, "workspace.remove");
        return [{ type: "WorkspaceRemoved", data: { workspaceId } }];
      case "JoinWorkspace": {
        const actorId = requireActor(context);
        const { invitation } = command.data;
        if (invitation.status !== "active" || invitation.workspaceId !== workspaceId || invitation.toUserId !== actorId)
          throw new DomainError("NOT_FOUND", "Invitation not found");
        // Already there (a second project of the same workspace): the role they hold stays.
        if (state.members.has(actorId)) return [];
        return [
          { type: "WorkspaceMemberAdded", data: { workspaceId, userId: actorId, role: invitation.workspaceRole } },
        ];
      }
      case "LeaveWorkspace": {
        const actorId = requireActor(context);
        const role = state.members.get(actorId);
        if (!role) throw new DomainError("NOT_FOUND", "Workspace not found");
        if (!mayInWorkspace(role, "workspace.leave")) {
          throw new DomainError(role === "owner" ? "OWNER_CANNOT_LEAVE" : "FORBIDDEN");
        }
        return [{ type: "WorkspaceMemberLeft", data: { workspaceId, userId: actorId } }];
      }
      case "RemoveWorkspaceMember": {
        authorize(state, context, "workspace.members.manage");
        const { userId } = command.data;
        const role = state.members.get(userId);
        if (!role) throw new DomainError("NOT_FOUND", workspaceMemberMessages.notMember);
        if (role === "owner") throw new DomainError("FORBIDDEN", workspaceMemberMessages.ownerStays);
        return [{ type: "WorkspaceMemberRemoved", data: { workspaceId, userId } }];
      }
      default: {
        const unhandled: never = command;
        throw new Error(`unhandled command ${JSON.stringify(unhandled)}`);
      }
    }
  },
};

function requireActor(context: CommandContext): string {
  if (!context.actorId) throw new DomainError("UNAUTHENTICATED");
  return context.actorId;
}

/** Non-members learn nothing (404); members without the power are told so (403). */
function authorize(
  state: Extract<WorkspaceState, { status: "active" }>,
  context: CommandContext,
  action: WorkspaceAction,
): string {
  const actorId = requireActor(context);
  const role = state.members.get(actorId);
  if (!role) throw new DomainError("NOT_FOUND", "Workspace not found");
  if (!mayInWorkspace(role, action)) throw new DomainError("FORBIDDEN");
  return actorId;
}

function validName(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) throw new DomainError("VALIDATION", messages.required, "/data/attributes/name");
  if (trimmed.length > WORKSPACE_NAME_MAX) {
    throw new DomainError(
      "VALIDATION",
      `is too long (maximum is ${WORKSPACE_NAME_MAX} characters)`,
      "/data/attributes/name",
    );
  }
  return trimmed;
}
