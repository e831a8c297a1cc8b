// The Access tab's calls. Online only, like file uploads: the server decides who may give which
// role, and its refusal ('The only owner…') is shown in red where it was asked (spec §2, §8).
import type { ProjectRole } from "@hirestream/contracts/projects/events.ts";
import type { WorkspaceRole } from "@hirestream/contracts/workspaces/events.ts";
import { apiRequest } from "../../api/api-client.ts";

export function changeMemberRole(projectId: string, memberId: string, role: ProjectRole): Promise<unknown> {
  return apiRequest(`/projects/${projectId}/project_users/${memberId}`, { method: "PUT", body: { role } });
}

export function removeMember(projectId: string, memberId: string): Promise<unknown> {
  return apiRequest(`/projects/${projectId}/project_users/${memberId}`, { method: "DELETE" });
}

/** Takes back a waiting invitation; the replica loses it when the change is synced. */
export function withdrawInvitation(invitationId: string): Promise<unknown> {
  return apiRequest(`/invitations/${invitationId}`, { method: "DELETE" });
}

export interface ProjectInvite {
  projectId: string;
  email: string;
  projectRole: ProjectRole;
  /** Asked only of someone not yet in the workspace (spec §5). */
  workspaceRole: WorkspaceRole | null;
}

export function inviteToProject(invite: ProjectInvite): Promise<unknown> {
  return apiRequest("/invitations", {
    method: "POST",
    body: {
      data: {
        type: "invitation",
        attributes: {
          user_to_email: invite.email.trim(),
          invitable_type: "Project",
          invitable_id: invite.projectId,
          project_id: invite.projectId,
          project_role: invite.projectRole,
          ...(invite.workspaceRole ? { workspace_role: invite.workspaceRole } : {}),
        },
      },
    },
  });
}
