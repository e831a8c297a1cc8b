import { type StageAttributes, WORKFLOW_STAGES_MAX } from "@hirestream/contracts/workflows/commands.ts";
import type { Deps } from "../deps.ts";
import { currentSequence } from "./sequence-commands.ts";
import type { StageSequence } from "./sequence-queries.ts";

/**
 * The workspace's sequences among `ids`, as their own streams have them now: so a sequence created
 * a moment ago counts and one just removed does not, whatever the read models have reached.
 */
export async function workspaceSequencesNow(
  deps: Deps,
  workspaceId: string,
  ids: readonly string[],
): Promise<Map<string, StageSequence>> {
  const states = await Promise.all([...new Set(ids)].map(async (id) => [id, await currentSequence(deps, id)] as const));
  return new Map(
    states.flatMap(([id, state]) =>
      state.status === "active" && state.sequence.workspaceId === workspaceId
        ? [[id, { workspaceId, name: state.sequence.name, hasReview: state.sequence.hasReview }] as const]
        : [],
    ),
  );
}

/**
 * Which of the sequences the stages name are the workspace's: the workflow decider refuses a stage
 * naming any other (after its permission checks).
 */
export async function sequencesOfWorkspace(
  deps: Deps,
  workspaceId: string,
  stages: readonly StageAttributes[] | undefined,
): Promise<Set<string>> {
  // A list the workflow decider refuses for its length is not worth a stream read per stage.
  if (stages === undefined || stages.length > WORKFLOW_STAGES_MAX) return new Set();
  const named = stages.flatMap((stage) => (stage.sequence_id ? [stage.sequence_id] : []));
  return new Set((await workspaceSequencesNow(deps, workspaceId, named)).keys());
}
