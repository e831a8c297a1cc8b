import { workspaceEvent } from "@hirestream/contracts/workspaces/events.ts";
import { type WorkspaceCommand, workspaceDecider } from "@hirestream/domain/workspace/workspace.decider.ts";
import { handleCommand } from "@hirestream/eventstore/handle-command.ts";
import type { Deps } from "../deps.ts";

export const workspaceStream = (workspaceId: string) => `workspace-${workspaceId}`;
const parseWorkspaceEvent = (stored: { type: string; data: unknown }) => workspaceEvent.safeParse(stored).data;

export function runWorkspaceCommand(
  deps: Deps,
  workspaceId: string,
  command: WorkspaceCommand,
  commandId: string,
  actorId: string,
) {
  return handleCommand(
    deps.store,
    workspaceDecider,
    parseWorkspaceEvent,
    {
      streamId: workspaceStream(workspaceId),
      command,
      context: { now: deps.clock(), actorId },
      commandId,
      expectNew: command.type === "CreateWorkspace",
    },
    deps.aggregates,
  );
}
