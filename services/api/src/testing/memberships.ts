// Memberships for route tests, appended as accepted invitations append them.
import type { ProjectRole } from "@hirestream/contracts/projects/events.ts";
import type { EventStore } from "@hirestream/eventstore/event-store.ts";
import { appendEvents } from "@hirestream/eventstore/testing/append-events.ts";

const joinedAt = "2026-11-22T12:00:00.000Z";

/** Makes `userId` a member of the project with `role`; answers the position appended. */
export async function joinProject(
  store: EventStore,
  project: { projectId: string; workspaceId: string },
  userId: string,
  role: ProjectRole,
): Promise<number> {
  const { position } = await appendEvents(
    store,
    `project-${project.projectId}`,
    [{ type: "ProjectMemberAdded", data: { ...project, userId, role } }],
    { occurredAt: joinedAt, actor: userId },
  );
  return position;
}
