import type { StageAttributes } from "@hirestream/contracts/workflows/commands.ts";
import { workflowEvent } from "@hirestream/contracts/workflows/events.ts";
import { type WorkspaceRole, workspaceEvent } from "@hirestream/contracts/workspaces/events.ts";
import { fold } from "@hirestream/domain/decider.ts";
import {
  type StageInput,
  type WorkflowCommand,
  workflowDecider,
} from "@hirestream/domain/workflow/workflow.decider.ts";
import { workspaceDecider } from "@hirestream/domain/workspace/workspace.decider.ts";
import { scopedId } from "@hirestream/eventstore/event-id.ts";
import { handleCommand } from "@hirestream/eventstore/handle-command.ts";
import type { Deps } from "../deps.ts";
import { workspaceStream } from "../workspaces/workspace-commands.ts";

export const workflowStream = (workflowId: string) => `workflow-${workflowId}`;
const parseWorkflowEvent = (stored: { type: string; data: unknown }) => workflowEvent.safeParse(stored).data;

/** The actor's role read from the workspace's own stream, not a read model that may lag behind. */
export async function workspaceRoleOf(
  deps: Deps,
  workspaceId: string,
  userId: string,
): Promise<WorkspaceRole | undefined> {
  const recorded = await deps.store.readStream(workspaceStream(workspaceId));
  const events = recorded.flatMap((stored) => workspaceEvent.safeParse(stored).data ?? []);
  const state = fold(workspaceDecider, events);
  return state.status === "active" ? state.members.get(userId) : undefined;
}

/** Stages as the domain takes them: a stage without an id gets one derived from the command id. */
export function stageInputs(stages: StageAttributes[], commandId: string): StageInput[] {
  return stages.map((stage, index) => ({
    id: stage.id ?? scopedId(commandId, `stage-${index}`),
    position: stage.position,
    name: stage.name,
    description: stage.description,
    sequenceId: stage.sequence_id,
    onResponseStagePosition: stage.on_response_stage_position,
    onResponseStageId: stage.on_response_stage_id,
  }));
}

export async function runWorkflowCommand(
  deps: Deps,
  workflowId: string,
  command: WorkflowCommand,
  commandId: string,
  actorId: string,
) {
  const workspaceRole = await workspaceRoleOf(deps, command.data.workspaceId, actorId);
  return handleCommand(
    deps.store,
    workflowDecider,
    parseWorkflowEvent,
    {
      streamId: workflowStream(workflowId),
      command,
      context: { now: deps.clock(), actorId, workspaceRole },
      commandId,
      expectNew: command.type === "CreateWorkflow",
    },
    deps.aggregates,
  );
}
