import { projectEvent } from "@hirestream/contracts/projects/events.ts";
import { type WorkspaceRole, workspaceEvent } from "@hirestream/contracts/workspaces/events.ts";
import { type ProjectCommand, projectDecider } from "@hirestream/domain/project/project.decider.ts";
import { workspaceDecider } from "@hirestream/domain/workspace/workspace.decider.ts";
import { handleCommand } from "@hirestream/eventstore/handle-command.ts";
import type { Deps } from "../deps.ts";
import { workspaceStream } from "../workspaces/workspace-commands.ts";

export const projectStream = (projectId: string) => `project-${projectId}`;
const parseProjectEvent = (stored: { type: string; data: unknown }) => projectEvent.safeParse(stored).data;

/**
 * Runs a command on a project through the workspace in the URL: only the actor's role there counts,
 * so a project of another workspace is as unknown as a missing one.
 */
export async function runProjectCommand(
  deps: Deps,
  workspaceId: string,
  projectId: string,
  command: ProjectCommand,
  commandId: string,
  actorId: string,
) {
  return handleCommand(
    deps.store,
    projectDecider,
    parseProjectEvent,
    {
      streamId: projectStream(projectId),
      command,
      context: { now: deps.clock(), actorId, workspaceRoles: await roleIn(deps, actorId, workspaceId) },
      commandId,
      expectNew: command.type === "CreateProject",
    },
    deps.aggregates,
  );
}

/**
 * The actor's role in the workspace, from the workspace's own stream rather than the read model,
 * so a project can be created the moment its workspace is (the read model may lag behind).
 */
async function roleIn(deps: Deps, userId: string, workspaceId: string): Promise<Map<string, WorkspaceRole>> {
  const streamId = workspaceStream(workspaceId);
  const cached = deps.aggregates?.get(workspaceDecider, streamId);
  let state = cached?.state ?? workspaceDecider.initialState();
  let revision = cached?.revision ?? -1;
  for (const recorded of await deps.store.readStream(streamId, { fromRevision: revision + 1 })) {
    const event = workspaceEvent.safeParse(recorded).data;
    if (event) state = workspaceDecider.evolve(state, event);
    revision = recorded.revision;
  }
  if (revision >= 0) deps.aggregates?.set(workspaceDecider, streamId, { revision, state });
  const role = state.status === "active" ? state.members.get(userId) : undefined;
  return new Map(role ? [[workspaceId, role]] : []);
}
