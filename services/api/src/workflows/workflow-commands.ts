import type { StageAttributes } from "@hirestream/contracts/workflows/commands.ts";
import { workflowEvent } from "@hirestream/contracts/workflows/events.ts";
import {
  type CopyContext,
  type StageInput,
  type WorkflowCommand,
  type WorkflowContext,
  type WorkflowState,
  workflowDecider,
} from "@hirestream/domain/workflow/workflow.decider.ts";
import { scopedId } from "@hirestream/eventstore/event-id.ts";
import { handleCommand } from "@hirestream/eventstore/handle-command.ts";
import type { Deps } from "../deps.ts";
import { currentProject, workspaceRoleOf } from "../projects/project-commands.ts";
import { streamState } from "../stream-state.ts";

export const workflowStream = (workflowId: string) => `workflow-${workflowId}`;
const parseWorkflowEvent = (stored: { type: string; data: unknown }) => workflowEvent.safeParse(stored).data;

/**
 * Stages as the domain takes them: a stage without an id gets one derived from the command id.
 * `sequences`: those of the named sequences that are the workspace's (stage-sequences.ts).
 */
export function stageInputs(
  stages: StageAttributes[],
  commandId: string,
  sequences?: ReadonlySet<string>,
): StageInput[] {
  return stages.map((stage, index) => ({
    id: stage.id ?? scopedId(commandId, `stage-${index}`),
    position: stage.position,
    name: stage.name,
    description: stage.description,
    sequenceId: stage.sequence_id,
    ...(sequences && stage.sequence_id ? { sequenceOfWorkspace: sequences.has(stage.sequence_id) } : {}),
    onResponseStagePosition: stage.on_response_stage_position,
    onResponseStageId: stage.on_response_stage_id,
  }));
}

/** The workflow as its own events leave it now. */
export function currentWorkflow(deps: Deps, workflowId: string): Promise<WorkflowState> {
  return streamState(deps, workflowDecider, parseWorkflowEvent, workflowStream(workflowId));
}

/** The stages a project's candidates are in: those a copy's edit may not drop. */
async function occupiedStageIds(deps: Deps, projectId: string): Promise<Set<string>> {
  const rows = await deps.db
    .selectFrom("read.candidacies")
    .select("stage_id")
    .distinct()
    .where("project_id", "=", projectId)
    .execute();
  return new Set(rows.map((row) => row.stage_id));
}

/**
 * What a command on an existing workflow is decided with: the actor's role and, for a project's
 * copy, its project and the stages its candidates are in.
 */
export async function existingWorkflowContext(
  deps: Deps,
  workspaceId: string,
  workflowId: string,
  actorId: string,
): Promise<{ state: WorkflowState; context: WorkflowContext }> {
  const [workspaceRole, state] = await Promise.all([
    workspaceRoleOf(deps, actorId, workspaceId),
    currentWorkflow(deps, workflowId),
  ]);
  let copy: CopyContext | undefined;
  if (state.status === "active" && state.projectId !== null) {
    const [project, occupied] = await Promise.all([
      currentProject(deps, state.projectId),
      occupiedStageIds(deps, state.projectId),
    ]);
    copy =
      project.status === "existing"
        ? { project: project.project, projectRole: project.members.get(actorId), occupiedStageIds: occupied }
        : { project: null, projectRole: undefined, occupiedStageIds: occupied };
  }
  return { state, context: { now: deps.clock(), actorId, workspaceRole, copy } };
}

/**
 * Runs a command on a workflow of the workspace in the URL. A new workflow (a template or a
 * project's copy) needs only the actor's role; an existing one the context above, unless given.
 */
export async function runWorkflowCommand(
  deps: Deps,
  workspaceId: string,
  workflowId: string,
  command: WorkflowCommand,
  commandId: string,
  actorId: string,
  given?: WorkflowContext,
) {
  const creates = command.type === "CreateWorkflow" || command.type === "CopyWorkflowTemplate";
  const context =
    given ??
    (creates
      ? { now: deps.clock(), actorId, workspaceRole: await workspaceRoleOf(deps, actorId, workspaceId) }
      : (await existingWorkflowContext(deps, workspaceId, workflowId, actorId)).context);
  const outcome = await handleCommand(
    deps.store,
    workflowDecider,
    parseWorkflowEvent,
    { streamId: workflowStream(workflowId), command, context, commandId, expectNew: creates },
    deps.aggregates,
  );
  return { ...outcome, context };
}
