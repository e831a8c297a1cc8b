import { z } from "zod";
import { projectRole } from "../projects/events.ts";
import { workspaceRole } from "../workspaces/events.ts";

/** Spec §3: what an invitation opens, as the API names it. */
export const invitableTypes = ["Workspace", "Project"] as const;
export type InvitableType = (typeof invitableTypes)[number];

/** Spec §3: waiting (shown as Pending), active (accepted), inactive (rejected or withdrawn). */
export const invitationStatuses = ["waiting", "active", "inactive"] as const;
export type InvitationStatus = (typeof invitationStatuses)[number];

/**
 * Someone was invited to a workspace, or to a project (and its workspace). `toUserId` is null
 * while the email has no account: the invitation waits for that sign-up. `workspaceRole` is the
 * role the invitee takes in the workspace if not yet a member there.
 */
export const invitationSent = z.object({
  type: z.literal("InvitationSent"),
  data: z.object({
    invitationId: z.uuid(),
    fromUserId: z.uuid(),
    toEmail: z.string(),
    toUserId: z.uuid().nullable(),
    invitableType: z.enum(invitableTypes),
    invitableId: z.uuid(),
    workspaceId: z.uuid(),
    workspaceRole: workspaceRole,
    projectRole: projectRole.nullable(),
    at: z.iso.datetime({ offset: true }),
  }),
});

export const invitationAccepted = z.object({
  type: z.literal("InvitationAccepted"),
  data: z.object({ invitationId: z.uuid(), userId: z.uuid(), at: z.iso.datetime({ offset: true }) }),
});

export const invitationRejected = z.object({
  type: z.literal("InvitationRejected"),
  data: z.object({ invitationId: z.uuid(), userId: z.uuid(), at: z.iso.datetime({ offset: true }) }),
});

/**
 * Whoever may invite there took back an invitation still waiting: it turns inactive, as a rejected
 * one does, and leaves the invitee's bell. `userId` is who withdrew it.
 */
export const invitationWithdrawn = z.object({
  type: z.literal("InvitationWithdrawn"),
  data: z.object({ invitationId: z.uuid(), userId: z.uuid(), at: z.iso.datetime({ offset: true }) }),
});

export const invitationEvent = z.discriminatedUnion("type", [
  invitationSent,
  invitationAccepted,
  invitationRejected,
  invitationWithdrawn,
]);
export type InvitationEvent = z.infer<typeof invitationEvent>;
