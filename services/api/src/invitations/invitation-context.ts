import type { SendInvitationAttributes } from "@hirestream/contracts/invitations/commands.ts";
import { mayReachProject } from "@hirestream/contracts/permissions/permission-table.ts";
import type { InvitationContext } from "@hirestream/domain/invitation/invitation.decider.ts";
import type { Deps } from "../deps.ts";
import { currentProject, currentWorkspace } from "../projects/project-commands.ts";

/** Who sends, as the session knows them. */
export interface Actor {
  userId: string;
  email: string;
}

/**
 * What sending an invitation is decided against: the workspace or project from their own streams
 * (roles and members as commands see them), the invitee's account and a waiting invitation from
 * the read models.
 */
export async function sendContext(
  deps: Deps,
  actor: Actor,
  sent: SendInvitationAttributes,
): Promise<InvitationContext> {
  const email = sent.user_to_email.trim().toLowerCase();
  const [target, inviteeId, alreadyInvited] = await Promise.all([
    sent.invitable_type === "Project"
      ? projectTarget(deps, actor, sent.invitable_id)
      : workspaceTarget(deps, actor, sent.invitable_id),
    userIdOf(deps, email),
    hasWaitingInvitation(deps, email, sent.invitable_id),
  ]);
  return {
    now: deps.clock(),
    actorId: actor.userId,
    actorEmail: actor.email,
    target: target && { workspaceId: target.workspaceId, projectId: target.projectId, inviter: target.inviter },
    invitee: {
      userId: inviteeId,
      workspaceRole: inviteeId && target ? target.members.workspace.get(inviteeId) : undefined,
      projectRole: inviteeId && target ? target.members.project.get(inviteeId) : undefined,
      alreadyInvited,
    },
  };
}

/** Answering needs only who answers. */
export function answerContext(deps: Deps, actor: Actor): InvitationContext {
  return {
    now: deps.clock(),
    actorId: actor.userId,
    actorEmail: actor.email,
    target: null,
    invitee: { userId: actor.userId, workspaceRole: undefined, projectRole: undefined, alreadyInvited: false },
  };
}

/**
 * Withdrawing is decided against the withdrawer's standing toward what the invitation opens, read
 * from the workspace's and project's own streams as for sending.
 */
export async function withdrawContext(
  deps: Deps,
  actor: Actor,
  opens: { invitableType: "Workspace" | "Project"; invitableId: string } | null,
): Promise<InvitationContext> {
  const target =
    opens === null
      ? null
      : opens.invitableType === "Project"
        ? await projectTarget(deps, actor, opens.invitableId)
        : await workspaceTarget(deps, actor, opens.invitableId);
  return {
    ...answerContext(deps, actor),
    target: target && { workspaceId: target.workspaceId, projectId: target.projectId, inviter: target.inviter },
  };
}

const noMembers = new Map<string, never>();

async function workspaceTarget(deps: Deps, actor: Actor, workspaceId: string) {
  const workspace = await currentWorkspace(deps, workspaceId);
  if (workspace.status !== "active") return null;
  const workspaceRole = workspace.members.get(actor.userId);
  if (workspaceRole === undefined) return null;
  return {
    workspaceId,
    projectId: null,
    inviter: { workspaceRole, projectRole: undefined },
    members: { workspace: workspace.members, project: noMembers },
  };
}

async function projectTarget(deps: Deps, actor: Actor, projectId: string) {
  const project = await currentProject(deps, projectId);
  if (project.status !== "existing") return null;
  const { workspaceId } = project.project;
  const workspace = await currentWorkspace(deps, workspaceId);
  if (workspace.status !== "active") return null;
  const inviter = {
    workspaceRole: workspace.members.get(actor.userId),
    projectRole: project.members.get(actor.userId),
  };
  if (!mayReachProject(inviter, project.project)) return null;
  return { workspaceId, projectId, inviter, members: { workspace: workspace.members, project: project.members } };
}

async function userIdOf(deps: Deps, email: string): Promise<string | null> {
  const user = await deps.db.selectFrom("read.users").select("id").where("email", "=", email).executeTakeFirst();
  return user?.id ?? null;
}

async function hasWaitingInvitation(deps: Deps, email: string, invitableId: string): Promise<boolean> {
  const found = await deps.db
    .selectFrom("read.invitations")
    .select("id")
    .where("to_email", "=", email)
    .where("invitable_id", "=", invitableId)
    .where("status", "=", "waiting")
    .executeTakeFirst();
  return found !== undefined;
}
