import { DomainError } from "@hirestream/contracts/errors.ts";
import type { InvitableType, InvitationEvent, InvitationStatus } from "@hirestream/contracts/invitations/events.ts";
import { messages } from "@hirestream/contracts/messages.ts";
import {
  assignableProjectRoles,
  invitableProjectRoles,
  invitableWorkspaceRoles,
  mayInProject,
  mayInWorkspace,
  type ProjectAccess,
} from "@hirestream/contracts/permissions/permission-table.ts";
import type { ProjectRole } from "@hirestream/contracts/projects/events.ts";
import type { WorkspaceRole } from "@hirestream/contracts/workspaces/events.ts";
import type { CommandContext, Decider } from "../decider.ts";

export type InvitationCommand =
  | {
      type: "SendInvitation";
      data: {
        invitationId: string;
        toEmail: string;
        invitableType: InvitableType;
        invitableId: string;
        workspaceRole?: WorkspaceRole | undefined;
        projectRole?: ProjectRole | undefined;
      };
    }
  | { type: "AcceptInvitation" }
  | { type: "RejectInvitation" }
  | { type: "WithdrawInvitation" };

export interface Invitation {
  invitationId: string;
  fromUserId: string;
  toEmail: string;
  /** Null until the email has an account; set to whoever accepts or rejects. */
  toUserId: string | null;
  invitableType: InvitableType;
  invitableId: string;
  workspaceId: string;
  workspaceRole: WorkspaceRole;
  projectRole: ProjectRole | null;
  sentAt: string;
}

export type InvitationState = { status: "unknown" } | { status: InvitationStatus; invitation: Invitation };

/** What sending needs to know besides the command, read at the edge. */
export interface InvitationContext extends CommandContext {
  /**
   * The workspace (and project) the invitation opens, and the inviter's standing there; null when
   * the inviter cannot see it. For a workspace, `projectId` is null and only the workspace role counts.
   */
  target: { workspaceId: string; projectId: string | null; inviter: ProjectAccess } | null;
  /** The invitee as things stand: their account, their roles there, and a waiting invitation there. */
  invitee: {
    userId: string | null;
    workspaceRole: WorkspaceRole | undefined;
    projectRole: ProjectRole | undefined;
    alreadyInvited: boolean;
  };
  /** The actor's own email: an invitation sent before the invitee signed up names only that. */
  actorEmail: string | null;
}

/** Spec §5 and §8 where they give the words; the rest is ours. */
export const invitationMessages = {
  notFound: "Invitation not found",
  workspaceMember: "is already a member of this workspace",
  projectMember: "is already a member of this project",
  alreadyInvited: "has a pending invitation already",
  mayNotInvite: "Your role does not allow inviting people here",
  mayNotWithdraw: "Your role does not allow withdrawing invitations here",
  mayNotGive: (role: ProjectRole) => `Your role does not allow giving the ${role} role`,
  answered: "This invitation has already been answered",
  oneOf: (roles: readonly string[]) => `must be one of ${roles.join(", ")}`,
} as const;

const pointers = {
  email: "/data/attributes/user_to_email",
  workspaceRole: "/data/attributes/workspace_role",
  projectRole: "/data/attributes/project_role",
} as const;

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const invitationDecider: Decider<InvitationState, InvitationCommand, InvitationEvent, InvitationContext> = {
  initialState: () => ({ status: "unknown" }),

  evolve(state, event) {
    switch (event.type) {
      case "InvitationSent": {
        const { at, ...invitation } = event.data;
        return { status: "waiting", invitation: { ...invitation, sentAt: at } };
      }
      case "InvitationAccepted":
        if (state.status === "unknown") return state;
        return { status: "active", invitation: { ...state.invitation, toUserId: event.data.userId } };
      case "InvitationRejected":
        if (state.status === "unknown") return state;
        return { status: "inactive", invitation: { ...state.invitation, toUserId: event.data.userId } };
      case "InvitationWithdrawn":
        if (state.status === "unknown") return state;
        return { status: "inactive", invitation: state.invitation };
      default:
        return state;
    }
  },

  decide(state, command, context) {
    const actorId = context.actorId;
    if (!actorId) throw new DomainError("UNAUTHENTICATED");
    if (command.type === "SendInvitation") return send(state, command.data, context, actorId);
    if (command.type === "WithdrawInvitation") return withdraw(state, context, actorId);
    if (state.status === "unknown" || !isInvitee(state.invitation, actorId, context.actorEmail))
      throw new DomainError("NOT_FOUND", invitationMessages.notFound);
    const { invitationId } = state.invitation;
    const at = context.now.toISOString();
    const wanted = command.type === "AcceptInvitation" ? "active" : "inactive";
    if (state.status === wanted) return [];
    if (state.status !== "waiting") throw new DomainError("VALIDATION", invitationMessages.answered);
    return command.type === "AcceptInvitation"
      ? [{ type: "InvitationAccepted", data: { invitationId, userId: actorId, at } }]
      : [{ type: "InvitationRejected", data: { invitationId, userId: actorId, at } }];
  },
};

/** The invitee: by account once the invitation names one, by email before. */
export function isInvitee(invitation: Invitation, userId: string, email: string | null): boolean {
  if (invitation.toUserId !== null) return invitation.toUserId === userId;
  return email !== null && email.trim().toLowerCase() === invitation.toEmail;
}

function send(
  state: InvitationState,
  data: Extract<InvitationCommand, { type: "SendInvitation" }>["data"],
  context: InvitationContext,
  actorId: string,
): InvitationEvent[] {
  if (state.status !== "unknown") throw new DomainError("ALREADY_EXISTS", "Invitation already exists");
  const { target, invitee } = context;
  const toProject = data.invitableType === "Project";
  if (target === null || (toProject && target.projectId !== data.invitableId))
    throw new DomainError("NOT_FOUND", toProject ? "Project not found" : "Workspace not found");
  const toEmail = data.toEmail.trim().toLowerCase();
  if (!emailPattern.test(toEmail)) throw new DomainError("VALIDATION", messages.validEmail, pointers.email);

  const { inviter } = target;
  if (!mayInvite(data.invitableType, inviter)) throw new DomainError("FORBIDDEN", invitationMessages.mayNotInvite);

  const projectRole = toProject ? invitedProjectRole(data.projectRole, inviter) : null;
  if (toProject ? invitee.projectRole !== undefined : invitee.workspaceRole !== undefined) {
    const detail = toProject ? invitationMessages.projectMember : invitationMessages.workspaceMember;
    throw new DomainError("VALIDATION", detail, pointers.email);
  }
  if (invitee.alreadyInvited) throw new DomainError("VALIDATION", invitationMessages.alreadyInvited, pointers.email);
  // Spec §5: filled from the workspace user for someone already there; asked for everyone else.
  const workspaceRole =
    invitee.workspaceRole ?? roleFromList(data.workspaceRole, invitableWorkspaceRoles, pointers.workspaceRole);
  return [
    {
      type: "InvitationSent",
      data: {
        invitationId: data.invitationId,
        fromUserId: actorId,
        toEmail,
        toUserId: invitee.userId,
        invitableType: data.invitableType,
        invitableId: data.invitableId,
        workspaceId: target.workspaceId,
        workspaceRole,
        projectRole,
        at: context.now.toISOString(),
      },
    },
  ];
}

/**
 * Taking back a waiting invitation: whoever may invite to what it opens may withdraw it, whoever
 * sent it. Withdrawing one that is inactive already (withdrawn or rejected) changes nothing; an
 * accepted one is a membership now, removed as such.
 */
function withdraw(state: InvitationState, context: InvitationContext, actorId: string): InvitationEvent[] {
  const { target } = context;
  if (state.status === "unknown" || target === null || !opens(state.invitation, target))
    throw new DomainError("NOT_FOUND", invitationMessages.notFound);
  if (!mayInvite(state.invitation.invitableType, target.inviter))
    throw new DomainError("FORBIDDEN", invitationMessages.mayNotWithdraw);
  if (state.status === "inactive") return [];
  if (state.status === "active") throw new DomainError("VALIDATION", invitationMessages.answered);
  const { invitationId } = state.invitation;
  return [{ type: "InvitationWithdrawn", data: { invitationId, userId: actorId, at: context.now.toISOString() } }];
}

/** Whether the target the context was read for is the one the invitation opens. */
function opens(invitation: Invitation, target: NonNullable<InvitationContext["target"]>): boolean {
  return invitation.invitableType === "Project"
    ? target.projectId === invitation.invitableId
    : target.projectId === null && target.workspaceId === invitation.invitableId;
}

function mayInvite(invitableType: InvitableType, inviter: ProjectAccess): boolean {
  return invitableType === "Project"
    ? mayInProject(inviter, "project.members.manage")
    : inviter.workspaceRole !== undefined && mayInWorkspace(inviter.workspaceRole, "workspace.members.manage");
}

/** One of the invite dialog's roles (Owner, Manager, Collaborator), and one the inviter may give. */
function invitedProjectRole(role: ProjectRole | undefined, inviter: ProjectAccess): ProjectRole {
  const chosen = roleFromList(role, invitableProjectRoles, pointers.projectRole);
  if (!assignableProjectRoles(inviter).includes(chosen))
    throw new DomainError("FORBIDDEN", invitationMessages.mayNotGive(chosen), pointers.projectRole);
  return chosen;
}

function roleFromList<Role extends string>(role: Role | undefined, allowed: readonly Role[], pointer: string): Role {
  if (role === undefined) throw new DomainError("VALIDATION", messages.required, pointer);
  if (!allowed.includes(role)) throw new DomainError("VALIDATION", invitationMessages.oneOf(allowed), pointer);
  return role;
}
