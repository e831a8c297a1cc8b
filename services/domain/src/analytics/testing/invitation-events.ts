import { at, type Examples, ids } from "./example-ids.ts";

export const invitationEvents: Examples<
  "InvitationSent" | "InvitationAccepted" | "InvitationRejected" | "InvitationWithdrawn"
> = {
  InvitationSent: {
    type: "InvitationSent",
    data: {
      invitationId: ids.invitation,
      fromUserId: ids.user,
      toEmail: "bo@example.com",
      toUserId: null,
      invitableType: "Workspace",
      invitableId: ids.workspace,
      workspaceId: ids.workspace,
      workspaceRole: "viewer",
      projectRole: null,
      at,
    },
  },
  InvitationAccepted: { type: "InvitationAccepted", data: { invitationId: ids.invitation, userId: ids.other, at } },
  InvitationRejected: { type: "InvitationRejected", data: { invitationId: ids.invitation, userId: ids.other, at } },
  InvitationWithdrawn: { type: "InvitationWithdrawn", data: { invitationId: ids.invitation, userId: ids.user, at } },
};
