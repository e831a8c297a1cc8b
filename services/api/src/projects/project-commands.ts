import { DomainError } from "@hirestream/contracts/errors.ts";
import { projectEvent } from "@hirestream/contracts/projects/events.ts";
import { type WorkspaceRole, workspaceEvent } from "@hirestream/contracts/workspaces/events.ts";
import { type ProjectCommand, type ProjectState, projectDecider } from "@hirestream/domain/project/project.decider.ts";
import { type WorkspaceState, workspaceDecider } from "@hirestream/domain/workspace/workspace.decider.ts";
import { deriveEventId } from "@hirestream/eventstore/event-id.ts";
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
 * Where the append that began the stream ended, when `commandId` made it: the creation was this very
 * request, tried before (its answer lost, or the request cut short after it). Undefined for a new
 * stream; ALREADY_EXISTS for a stream another command began.
 */
export async function createdBy(
  deps: Deps,
  streamId: string,
  commandId: string,
): Promise<{ position: number } | undefined> {
  const events = await deps.store.readStream(streamId);
  let position: number | undefined;
  for (const [index, event] of events.entries()) {
    if (event.id !== deriveEventId(commandId, index)) break;
    position = event.position;
  }
  if (position === undefined && events.length > 0) throw new DomainError("ALREADY_EXISTS");
  return position === undefined ? undefined : { position };
}

/**
 * Decides a project's creation without appending it, for a request that appends elsewhere first
 * (the project's own sequence): what would refuse the project refuses the request before anything
 * is written. Answers where its creation ended when this very command made it already (a retry).
 */
export async function checkNewProject(
  deps: Deps,
  workspaceId: string,
  command: Extract<ProjectCommand, { type: "CreateProject" }>,
  commandId: string,
  actorId: string,
): Promise<{ position: number } | undefined> {
  const role = await workspaceRoleOf(deps, actorId, workspaceId);
  const context = { now: deps.clock(), actorId, workspaceRoles: new Map(role ? [[workspaceId, role]] : []) };
  projectDecider.decide(projectDecider.initialState(), command, context);
  return createdBy(deps, projectStream(command.data.projectId), commandId);
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
