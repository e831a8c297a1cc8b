import { sequenceEvent } from "@hirestream/contracts/sequences/events.ts";
import {
  type SequenceCommand,
  type SequenceContext,
  type SequenceState,
  type StageUsingSequence,
  sequenceDecider,
} from "@hirestream/domain/sequence/sequence.decider.ts";
import { scopedId } from "@hirestream/eventstore/event-id.ts";
import { handleCommand } from "@hirestream/eventstore/handle-command.ts";
import { sql } from "kysely";
import type { Deps } from "../deps.ts";
import { workspaceRoleOf } from "../projects/project-commands.ts";
import { streamState } from "../stream-state.ts";

export const sequenceStream = (sequenceId: string) => `sequence-${sequenceId}`;

/** New steps without ids get ids derived from the command id, so a repeated request names the same steps. */
export const newStepIds = (commandId: string, count: number) =>
  Array.from({ length: count }, (_, index) => scopedId(commandId, `step-${index}`));
const parseSequenceEvent = (stored: { type: string; data: unknown }) => sequenceEvent.safeParse(stored).data;

/** The sequence as its own events leave it now. */
export function currentSequence(deps: Deps, sequenceId: string): Promise<SequenceState> {
  return streamState(deps, sequenceDecider, parseSequenceEvent, sequenceStream(sequenceId));
}

/**
 * The stages of the workspace's workflows (templates and projects' copies) that start the sequence,
 * from the workflows read model: what a removal must not leave naming nothing.
 */
export async function stagesUsingSequence(
  deps: Deps,
  workspaceId: string,
  sequenceId: string,
): Promise<StageUsingSequence[]> {
  const { rows } = await sql<{ workflow_name: string; stage_name: string }>`
    select w.name as workflow_name, s.stage ->> 'name' as stage_name
    from read.workflows w, jsonb_array_elements(w.stages) as s(stage)
    where w.workspace_id = ${workspaceId} and s.stage ->> 'sequence_id' = ${sequenceId}
    order by w.created_at, w.id, (s.stage ->> 'position')::int`.execute(deps.db);
  return rows.map((row) => ({ workflowName: row.workflow_name, stageName: row.stage_name }));
}

/** Runs a command on a sequence of the workspace in the URL, with the actor's role there. */
export async function runSequenceCommand(
  deps: Deps,
  workspaceId: string,
  sequenceId: string,
  command: SequenceCommand,
  commandId: string,
  actorId: string,
  extra: Pick<SequenceContext, "stagesUsing"> = {},
) {
  const context: SequenceContext = {
    now: deps.clock(),
    actorId,
    workspaceRole: await workspaceRoleOf(deps, actorId, workspaceId),
    ...extra,
  };
  return handleCommand(
    deps.store,
    sequenceDecider,
    parseSequenceEvent,
    {
      streamId: sequenceStream(sequenceId),
      command,
      context,
      commandId,
      expectNew: command.type === "CreateSequence",
    },
    deps.aggregates,
  );
}
