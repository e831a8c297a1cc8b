import { emailStream, userStream } from "@hirestream/api/auth/user-commands.ts";
import { emailReserved } from "@hirestream/contracts/accounts/events.ts";
import { mayInWorkspace, mayReachProject } from "@hirestream/contracts/permissions/permission-table.ts";
import { workspaceEvent } from "@hirestream/contracts/workspaces/events.ts";
import type { FactMemory } from "@hirestream/domain/analytics/fact-memory.ts";
import { type WorkspaceState, workspaceDecider } from "@hirestream/domain/workspace/workspace.decider.ts";
import type { EventStore } from "@hirestream/eventstore/event-store.ts";
import { z } from "zod";

// Who an export is for, decided from the event log itself (the workspace's and the user's
// streams), never from read models that may lag behind.

export class ExportRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ExportRefused";
  }
}

async function workspaceState(store: EventStore, workspaceId: string): Promise<WorkspaceState> {
  let state = workspaceDecider.initialState();
  for (const recorded of await store.readStream(`workspace-${workspaceId}`)) {
    const event = workspaceEvent.safeParse({ type: recorded.type, data: recorded.data });
    if (event.success) state = workspaceDecider.evolve(state, event.data);
  }
  return state;
}

/** The user an email or id names, if they have an account. */
async function userIdOf(store: EventStore, user: string): Promise<string | null> {
  let userId: string | null = z.uuid().safeParse(user).success ? user.toLowerCase() : null;
  if (!userId) {
    const [reservation] = await store.readStream(emailStream(user.trim().toLowerCase()));
    userId = emailReserved.safeParse(reservation).data?.data.userId ?? null;
  }
  if (!userId) return null;
  return (await store.readStream(userStream(userId))).length > 0 ? userId : null;
}

/**
 * Checks before the replay that the workspace exists and, when the export is for a user, that they
 * may read it; the same refusal whether the workspace or the user is unknown or not allowed, so
 * that it tells nothing about workspaces one cannot read. Returns the user's id.
 */
export async function checkAccess(
  store: EventStore,
  workspaceId: string,
  user: string | undefined,
): Promise<string | null> {
  const workspace = await workspaceState(store, workspaceId);
  if (user === undefined) {
    if (workspace.status !== "active") throw new ExportRefused(`There is no workspace ${workspaceId}.`);
    return null;
  }
  const userId = await userIdOf(store, user);
  const role = userId && workspace.status === "active" ? workspace.members.get(userId) : undefined;
  if (!userId || !role || !mayInWorkspace(role, "workspace.read")) {
    throw new ExportRefused(`${user} may not read workspace ${workspaceId}.`);
  }
  return userId;
}

/**
 * The projects the export covers, as the log stands at its end: every project of the workspace
 * not removed, or, for a user, those of them the user reaches in the app (spec §6).
 */
export function exportedProjects(memory: FactMemory, workspaceId: string, userId: string | null): Set<string> {
  const workspace = memory.workspaces.get(workspaceId);
  const workspaceRole = workspace?.status === "active" && userId ? workspace.members.get(userId) : undefined;
  const projects = new Set<string>();
  for (const [projectId, state] of memory.projects) {
    if (state.status !== "existing" || state.project.workspaceId !== workspaceId) continue;
    if (userId !== null) {
      const access = { workspaceRole, projectRole: state.members.get(userId) };
      if (!mayReachProject(access, state.project)) continue;
    }
    projects.add(projectId);
  }
  return projects;
}
