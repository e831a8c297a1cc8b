import { z } from "zod";

export const workspaceRoles = ["owner", "manager", "collaborator", "viewer"] as const;
export const workspaceRole = z.enum(workspaceRoles);
export type WorkspaceRole = z.infer<typeof workspaceRole>;

export const workspaceCreated = z.object({
  type: z.literal("WorkspaceCreated"),
  data: z.object({
    workspaceId: z.uuid(),
    name: z.string(),
    description: z.string(),
    visible: z.boolean(),
    ownerId: z.uuid(),
  }),
});

export const workspaceRenamed = z.object({
  type: z.literal("WorkspaceRenamed"),
  data: z.object({ workspaceId: z.uuid(), name: z.string() }),
});

export const workspaceDescriptionChanged = z.object({
  type: z.literal("WorkspaceDescriptionChanged"),
  data: z.object({ workspaceId: z.uuid(), description: z.string() }),
});

export const workspaceVisibilityChanged = z.object({
  type: z.literal("WorkspaceVisibilityChanged"),
  data: z.object({ workspaceId: z.uuid(), visible: z.boolean() }),
});

export const workspaceMemberAdded = z.object({
  type: z.literal("WorkspaceMemberAdded"),
  data: z.object({ workspaceId: z.uuid(), userId: z.uuid(), role: workspaceRole }),
});

export const workspaceMemberLeft = z.object({
  type: z.literal("WorkspaceMemberLeft"),
  data: z.object({ workspaceId: z.uuid(), userId: z.uuid() }),
});

/** A workspace's owner or manager took someone out of it (spec §6: a manager "add[s] and remove[s] users"). */
export const workspaceMemberRemoved = z.object({
  type: z.literal("WorkspaceMemberRemoved"),
  data: z.object({ workspaceId: z.uuid(), userId: z.uuid() }),
});

export const workspaceRemoved = z.object({
  type: z.literal("WorkspaceRemoved"),
  data: z.object({ workspaceId: z.uuid() }),
});

export const workspaceEvent = z.discriminatedUnion("type", [
  workspaceCreated,
  workspaceRenamed,
  workspaceDescriptionChanged,
  workspaceVisibilityChanged,
  workspaceMemberAdded,
  workspaceMemberLeft,
  workspaceMemberRemoved,
  workspaceRemoved,
]);
export type WorkspaceEvent = z.infer<typeof workspaceEvent>;
