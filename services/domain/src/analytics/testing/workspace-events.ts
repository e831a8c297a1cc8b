import { type EventOf, type Examples, type Given, ids } from "./example-ids.ts";

/** A visible workspace, with no description unless given. */
export const workspaceCreated = (
  data: Given<"WorkspaceCreated", "workspaceId" | "name" | "ownerId">,
): EventOf<"WorkspaceCreated"> => ({ type: "WorkspaceCreated", data: { description: "", visible: true, ...data } });

export const workspaceEvents: Examples<
  | "WorkspaceCreated"
  | "WorkspaceRenamed"
  | "WorkspaceDescriptionChanged"
  | "WorkspaceVisibilityChanged"
  | "WorkspaceMemberAdded"
  | "WorkspaceMemberLeft"
  | "WorkspaceMemberRemoved"
  | "WorkspaceRemoved"
> = {
  WorkspaceCreated: workspaceCreated({ workspaceId: ids.workspace, name: "Acme", ownerId: ids.user }),
  WorkspaceRenamed: { type: "WorkspaceRenamed", data: { workspaceId: ids.workspace, name: "Acme Inc" } },
  WorkspaceDescriptionChanged: {
    type: "WorkspaceDescriptionChanged",
    data: { workspaceId: ids.workspace, description: "d" },
  },
  WorkspaceVisibilityChanged: {
    type: "WorkspaceVisibilityChanged",
    data: { workspaceId: ids.workspace, visible: false },
  },
  WorkspaceMemberAdded: {
    type: "WorkspaceMemberAdded",
    data: { workspaceId: ids.workspace, userId: ids.other, role: "viewer" },
  },
  WorkspaceMemberLeft: { type: "WorkspaceMemberLeft", data: { workspaceId: ids.workspace, userId: ids.other } },
  WorkspaceMemberRemoved: { type: "WorkspaceMemberRemoved", data: { workspaceId: ids.workspace, userId: ids.other } },
  WorkspaceRemoved: { type: "WorkspaceRemoved", data: { workspaceId: ids.workspace } },
};
