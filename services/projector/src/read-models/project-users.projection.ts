import type { DomainEvent } from "@hirestream/contracts/events.ts";
import { projectUserIdOf } from "@hirestream/contracts/projects/project-user-id.ts";
import { type ProjectUserRow, projectUserRow } from "@hirestream/contracts/projects/rows.ts";
import { projectScope } from "@hirestream/contracts/sync/scopes.ts";
import type { EventContext, Projection, RowSet } from "../projection.ts";
import { usersProjection } from "./users.projection.ts";

/**
 * A member's activity moves at most once a minute: a busy pipeline would otherwise sync a row per
 * move. The step is measured between events' own times, so a rebuild gives the same rows.
 */
const ACTIVITY_STEP_MS = 60_000;

/**
 * The project members read model (the spec's project_user): the creator as the first owner, then
 * whoever joins, with their role and when they last changed something in the project. Synced in
 * the project's scope (the Access tab), as the project itself.
 */
export const projectUsersProjection: Projection<ProjectUserRow> = {
  table: "project_users",
  row: projectUserRow,
  entity: "project_user",
  keys(event) {
    switch (event.type) {
      case "WorkspaceMemberLeft":
      case "WorkspaceMemberRemoved":
        return [{ column: "user_id", value: event.data.userId }];
      case "WorkspaceRemoved":
        return [{ column: "workspace_id", value: event.data.workspaceId }];
      case "UserProfileUpdated":
        return [{ column: "user_id", value: event.data.userId }];
      default: {
        // Any event in a project may be its actor's activity there, so the project's members are loaded.
        const projectId = projectOf(event);
        return projectId ? [{ column: "project_id", value: projectId }] : [];
      }
    }
  },
  related(event) {
    if (event.type === "ProjectCreated" || event.type === "ProjectMemberAdded")
      return [{ projection: usersProjection, id: event.data.userId }];
    return [];
  },
  apply(rows, event, context) {
    changeMembers(rows, event, context);
    const projectId = projectOf(event);
    if (projectId && context.actorId) noteActivity(rows, projectUserIdOf(projectId, context.actorId), context);
  },
  scopes: (member) => [projectScope(member.project_id)],
  // Joining, leaving and a new role; a member's activity or name changes no one's access.
  changesAccess: (before, after) => before?.role !== after?.role,
  toClient: (member) => member,
};

function changeMembers(rows: RowSet<ProjectUserRow>, event: DomainEvent, { occurredAt, related }: EventContext): void {
  switch (event.type) {
    case "ProjectCreated":
    case "ProjectMemberAdded": {
      const { projectId, workspaceId, userId } = event.data;
      const id = projectUserIdOf(projectId, userId);
      const member = rows.get(id);
      const user = related(usersProjection, userId);
      rows.put({
        id,
        project_id: projectId,
        workspace_id: workspaceId,
        user_id: userId,
        role: event.type === "ProjectCreated" ? "owner" : event.data.role,
        first_name: user?.first_name ?? "",
        last_name: user?.last_name ?? "",
        email: user?.email ?? "",
        last_activity: member?.last_activity ?? null,
        created_at: member?.created_at ?? occurredAt,
        updated_at: occurredAt,
      });
      return;
    }
    case "ProjectMemberRoleChanged": {
      const member = rows.get(projectUserIdOf(event.data.projectId, event.data.userId));
      if (member) rows.put({ ...member, role: event.data.role, updated_at: occurredAt });
      return;
    }
    case "ProjectMemberRemoved":
      rows.delete(projectUserIdOf(event.data.projectId, event.data.userId));
      return;
    case "ProjectRemoved":
      for (const member of rows.where("project_id", event.data.projectId)) rows.delete(member.id);
      return;
    // The name travels with the membership; `updated_at` is the membership's.
    case "UserProfileUpdated": {
      const { userId, firstName, lastName } = event.data;
      for (const member of rows.where("user_id", userId))
        rows.put({ ...member, first_name: firstName, last_name: lastName });
      return;
    }
    // Out of the workspace is out of its projects.
    case "WorkspaceMemberLeft":
    case "WorkspaceMemberRemoved":
      for (const member of rows.where("user_id", event.data.userId)) {
        if (member.workspace_id === event.data.workspaceId) rows.delete(member.id);
      }
      return;
    case "WorkspaceRemoved":
      for (const member of rows.where("workspace_id", event.data.workspaceId)) rows.delete(member.id);
      return;
    default:
      return;
  }
}

/** Only a member's own doing counts, and only a minute after the last time it counted. */
function noteActivity(rows: RowSet<ProjectUserRow>, memberId: string, { occurredAt }: EventContext): void {
  const member = rows.get(memberId);
  if (!member) return;
  const last = member.last_activity;
  if (last !== null && Date.parse(occurredAt) - Date.parse(last) < ACTIVITY_STEP_MS) return;
  rows.put({ ...member, last_activity: occurredAt });
}

/** The project an event happened in, whichever kind it is: the one its data names, if it names one. */
function projectOf(event: DomainEvent): string | null {
  const data: object = event.data;
  return "projectId" in data && typeof data.projectId === "string" ? data.projectId : null;
}
