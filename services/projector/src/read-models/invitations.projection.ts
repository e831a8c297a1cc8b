import type { DomainEvent } from "@hirestream/contracts/events.ts";
import { invitationRow } from "@hirestream/contracts/invitations/rows.ts";
import type { z } from "zod";
import type { EventContext, Projection, RowSet } from "../projection.ts";
import { audienceScopes, keptToCreator, privateTo, withoutKeeper } from "./project-audience.ts";
import { projectsProjection } from "./projects.projection.ts";
import { usersProjection } from "./users.projection.ts";
import { workspacesProjection } from "./workspaces.projection.ts";

/** An invitation as stored: the row browsers get, and the one user it is kept to while its project is hidden. */
const invitationRecord = keptToCreator(invitationRow);
type InvitationRecord = z.infer<typeof invitationRecord>;

/**
 * The invitations read model (spec §3): the Access tab's pending invitations in the workspace (or
 * its creator's alone while the project it opens is hidden, as the project is), and the invitee's
 * bell once the invitation names their account.
 */
export const invitationsProjection: Projection<InvitationRecord> = {
  table: "invitations",
  row: invitationRecord,
  entity: "invitation",
  keys(event) {
    switch (event.type) {
      case "InvitationSent":
      case "InvitationAccepted":
      case "InvitationRejected":
        return [{ column: "id", value: event.data.invitationId }];
      case "UserSignedUp":
        return [{ column: "to_email", value: event.data.email.toLowerCase() }];
      case "ProjectUpdated":
        return event.data.changes.visible === undefined
          ? []
          : [{ column: "invitable_id", value: event.data.projectId }];
      case "ProjectRemoved":
        return [{ column: "invitable_id", value: event.data.projectId }];
      case "WorkspaceRemoved":
        return [{ column: "workspace_id", value: event.data.workspaceId }];
      default:
        return [];
    }
  },
  related(event) {
    if (event.type === "ProjectUpdated" && event.data.changes.visible !== undefined)
      return [{ projection: projectsProjection, id: event.data.projectId }];
    if (event.type !== "InvitationSent") return [];
    const { fromUserId, invitableType, invitableId } = event.data;
    const invitable = invitableType === "Workspace" ? workspacesProjection : projectsProjection;
    return [
      { projection: usersProjection, id: fromUserId },
      { projection: invitable, id: invitableId },
    ];
  },
  apply(rows, event, context) {
    const { occurredAt, related } = context;
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
      // The email has an account now: the invitation reaches its bell. Only its audience changed,
      // not the invitation, so `updated_at` stays.
      case "UserSignedUp":
        for (const invitation of rows.where("to_email", event.data.email.toLowerCase())) {
          if (invitation.to_user_id === null) rows.put({ ...invitation, to_user_id: event.data.userId });
        }
        return;
      // Shown or hidden: the project's invitations go where it goes. Nothing of the invitation
      // changed, so `updated_at` stays.
      case "ProjectUpdated": {
        const project = related(projectsProjection, event.data.projectId);
        if (!project) return;
        for (const invitation of rows.where("invitable_id", project.id)) {
          if (invitation.private_to !== privateTo(project)) rows.put({ ...invitation, private_to: privateTo(project) });
        }
        return;
      }
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
    const scopes = audienceScopes(invitation.workspace_id, invitation.private_to);
    const bell = invitation.to_user_id === null ? null : `user:${invitation.to_user_id}`;
    return bell === null || scopes.includes(bell) ? scopes : [...scopes, bell];
  },
  toClient: withoutKeeper,
};

type InvitationSent = Extract<DomainEvent, { type: "InvitationSent" }>["data"];

/**
 * The names are kept as they were when it was sent: the invitee's browser holds neither the
 * inviter nor what the invitation opens until they accept.
 */
function sent(data: InvitationSent, { occurredAt, related }: EventContext): InvitationRecord {
  const inviter = related(usersProjection, data.fromUserId);
  const project = data.invitableType === "Project" ? related(projectsProjection, data.invitableId) : undefined;
  const invitable = data.invitableType === "Workspace" ? related(workspacesProjection, data.invitableId) : project;
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
    private_to: privateTo(project),
  };
}

function deleteWhere(rows: RowSet<InvitationRecord>, column: "invitable_id" | "workspace_id", value: string): void {
  for (const invitation of rows.where(column, value)) rows.delete(invitation.id);
}
