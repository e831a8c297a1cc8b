import type { DomainEvent } from "@hirestream/contracts/events.ts";
import { type InvitationRow, invitationRow } from "@hirestream/contracts/invitations/rows.ts";
import { projectScope, userScope, workspaceScope } from "@hirestream/contracts/sync/scopes.ts";
import type { EventContext, Projection, RowSet } from "../projection.ts";
import { projectsProjection } from "./projects.projection.ts";
import { usersProjection } from "./users.projection.ts";
import { workspacesProjection } from "./workspaces.projection.ts";

/**
 * The invitations read model (spec §3): the Access tab's pending invitations, in the scope of what
 * they open (the project's, or the workspace's), and the invitee's bell once the invitation names
 * their account.
 */
export const invitationsProjection: Projection<InvitationRow> = {
  table: "invitations",
  row: invitationRow,
  entity: "invitation",
  keys(event) {
    switch (event.type) {
      case "InvitationSent":
      case "InvitationAccepted":
      case "InvitationRejected":
      case "InvitationWithdrawn":
        return [{ column: "id", value: event.data.invitationId }];
      case "UserSignedUp":
        return [{ column: "to_email", value: event.data.email.toLowerCase() }];
      case "ProjectRemoved":
        return [{ column: "invitable_id", value: event.data.projectId }];
      case "WorkspaceRemoved":
        return [{ column: "workspace_id", value: event.data.workspaceId }];
      default:
        return [];
    }
  },
  related(event) {
    if (event.type !== "InvitationSent") return [];
    const { fromUserId, invitableType, invitableId } = event.data;
    const invitable = invitableType === "Workspace" ? workspacesProjection : projectsProjection;
    return [
      { projection: usersProjection, id: fromUserId },
      { projection: invitable, id: invitableId },
    ];
  },
  apply(rows, event, context) {
    const { occurredAt } = context;
    switch (event.type) {
      case "InvitationSent":
        rows.put(sent(event.data, context));
        return;
      case "InvitationAccepted":
      case "InvitationRejected": {
        const invitation = rows.get(event.data.invitationId);
        const status = event.type === "InvitationAccepted" ? "active" : "inactive";
        if (invitation) rows.put({ ...invitation, status, to_user_id: event.data.userId, updated_at: occurredAt });
        return;
      }
      // The invitee (if the invitation names one) keeps it in scope, so their bell learns it is gone.
      case "InvitationWithdrawn": {
        const invitation = rows.get(event.data.invitationId);
        if (invitation) rows.put({ ...invitation, status: "inactive", updated_at: occurredAt });
        return;
      }
      // The email has an account now: the invitation reaches its bell. Only its audience changed,
      // not the invitation, so `updated_at` stays.
      case "UserSignedUp":
        for (const invitation of rows.where("to_email", event.data.email.toLowerCase())) {
          if (invitation.to_user_id === null) rows.put({ ...invitation, to_user_id: event.data.userId });
        }
        return;
      case "ProjectRemoved":
        deleteWhere(rows, "invitable_id", event.data.projectId);
        return;
      case "WorkspaceRemoved":
        deleteWhere(rows, "workspace_id", event.data.workspaceId);
        return;
      default:
        return;
    }
  },
  scopes: (invitation) => {
    const opens =
      invitation.invitable_type === "Project"
        ? projectScope(invitation.invitable_id)
        : workspaceScope(invitation.workspace_id);
    return invitation.to_user_id === null ? [opens] : [opens, userScope(invitation.to_user_id)];
  },
  toClient: (invitation) => invitation,
};

type InvitationSent = Extract<DomainEvent, { type: "InvitationSent" }>["data"];

/**
 * The names are kept as they were when it was sent: the invitee's browser holds neither the
 * inviter nor what the invitation opens until they accept.
 */
function sent(data: InvitationSent, { occurredAt, related }: EventContext): InvitationRow {
  const inviter = related(usersProjection, data.fromUserId);
  const invitable =
    data.invitableType === "Workspace"
      ? related(workspacesProjection, data.invitableId)
      : related(projectsProjection, data.invitableId);
  return {
    id: data.invitationId,
    from_user_id: data.fromUserId,
    from_name: inviter ? `${inviter.first_name} ${inviter.last_name}`.trim() || inviter.email : "",
    to_email: data.toEmail,
    to_user_id: data.toUserId,
    invitable_type: data.invitableType,
    invitable_id: data.invitableId,
    invitable_name: invitable?.name ?? "",
    workspace_id: data.workspaceId,
    workspace_role: data.workspaceRole,
    project_role: data.projectRole,
    status: "waiting",
    created_at: occurredAt,
    updated_at: occurredAt,
  };
}

function deleteWhere(rows: RowSet<InvitationRow>, column: "invitable_id" | "workspace_id", value: string): void {
  for (const invitation of rows.where(column, value)) rows.delete(invitation.id);
}
