import { projectEvent } from "@hirestream/contracts/projects/events.ts";
import { type WorkspaceRole, workspaceEvent } from "@hirestream/contracts/workspaces/events.ts";
import { type ProjectCommand, type ProjectState, projectDecider } from "@hirestream/domain/project/project.decider.ts";
import { type WorkspaceState, workspaceDecider } from "@hirestream/domain/workspace/workspace.decider.ts";
import { handleCommand } from "@hirestream/eventstore/handle-command.ts";
import type { Deps } from "../deps.ts";
import { streamState } from "../stream-state.ts";
import { workspaceStream } from "../workspaces/workspace-commands.ts";

export const projectStream = (projectId: string) => `project-${projectId}`;
const parseProjectEvent = (stored: { type: string; data: unknown }) => projectEvent.safeParse(stored).data;
const parseWorkspaceEvent = (stored: { type: string; data: unknown }) => workspaceEvent.safeParse(stored).data;

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
  const role = await workspaceRoleOf(deps, actorId, workspaceId);
  return handleCommand(
    deps.store,
    projectDecider,
    parseProjectEvent,
    {
      streamId: projectStream(projectId),
      command,
      context: { now: deps.clock(), actorId, workspaceRoles: new Map(role ? [[workspaceId, role]] : []) },
      commandId,
      expectNew: command.type === "CreateProject",
    },
    deps.aggregates,
  );
}

/**
 * The actor's role in the workspace (undefined: not a member), from the workspace's own stream
 * rather than the read model, so a project or workflow can be made the moment its workspace is.
 */
export async function workspaceRoleOf(
  deps: Deps,
  userId: string,
  workspaceId: string,
): Promise<WorkspaceRole | undefined> {
  const state = await streamState(deps, workspaceDecider, parseWorkspaceEvent, workspaceStream(workspaceId));
  return state.status === "active" ? state.members.get(userId) : undefined;
}

/** The workspace as its own events leave it now. */
export function currentWorkspace(deps: Deps, workspaceId: string): Promise<WorkspaceState> {
  return streamState(deps, workspaceDecider, parseWorkspaceEvent, workspaceStream(workspaceId));
}

/** The project as its own events leave it now. */
export function currentProject(deps: Deps, projectId: string): Promise<ProjectState> {
  return streamState(deps, projectDecider, parseProjectEvent, projectStream(projectId));
}
