import type { DomainEvent } from "@hirestream/contracts/events.ts";
import { projectUserIdOf } from "@hirestream/contracts/projects/project-user-id.ts";
import { projectUserRow } from "@hirestream/contracts/projects/rows.ts";
import type { z } from "zod";
import type { EventContext, Projection, RowSet } from "../projection.ts";
import { audienceScopes, keptToCreator, privateTo, withoutKeeper } from "./project-audience.ts";
import { projectsProjection } from "./projects.projection.ts";
import { usersProjection } from "./users.projection.ts";

/** A project member as stored: the row browsers get, and the one user it is kept to while the project is hidden. */
const projectUserRecord = keptToCreator(projectUserRow);
type ProjectUserRecord = z.infer<typeof projectUserRecord>;

/**
 * A member's activity moves at most once a minute: a busy pipeline would otherwise sync a row per
 * move. The step is measured between events' own times, so a rebuild gives the same rows.
 */
const ACTIVITY_STEP_MS = 60_000;

/**
 * The project members read model (the spec's project_user): the creator as the first owner, then
 * whoever joins, with their role and when they last changed something in the project. Synced to
 * the members of the project's workspace (the Access tab), or to its creator alone while it is
 * hidden, as the project itself.
 */
export const projectUsersProjection: Projection<ProjectUserRecord> = {
  table: "project_users",
  row: projectUserRecord,
  entity: "project_user",
  keys(event) {
    switch (event.type) {
      case "WorkspaceMemberLeft":
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
    const shownOrHidden = event.type === "ProjectUpdated" && event.data.changes.visible !== undefined;
    if (event.type === "ProjectCreated" || event.type === "ProjectMemberAdded") {
      return [
        { projection: projectsProjection, id: event.data.projectId },
        { projection: usersProjection, id: event.data.userId },
      ];
    }
    if (shownOrHidden) return [{ projection: projectsProjection, id: event.data.projectId }];
    return [];
  },
  apply(rows, event, context) {
    changeMembers(rows, event, context);
    const projectId = projectOf(event);
    if (projectId && context.actorId) noteActivity(rows, projectUserIdOf(projectId, context.actorId), context);
  },
  scopes: (member) => audienceScopes(member.workspace_id, member.private_to),
  toClient: withoutKeeper,
};

function changeMembers(
  rows: RowSet<ProjectUserRecord>,
  event: DomainEvent,
  { occurredAt, related }: EventContext,
): void {
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
        private_to: privateTo(related(projectsProjection, projectId)),
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
    // Only the audience changes, not the membership, so `updated_at` stays.
    case "ProjectUpdated": {
      const project = related(projectsProjection, event.data.projectId);
      if (!project || event.data.changes.visible === undefined) return;
      for (const member of rows.where("project_id", project.id)) {
        if (member.private_to !== privateTo(project)) rows.put({ ...member, private_to: privateTo(project) });
      }
      return;
    }
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
function noteActivity(rows: RowSet<ProjectUserRecord>, memberId: string, { occurredAt }: EventContext): void {
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
