import type { OwnSequence } from "@hirestream/contracts/projects/events.ts";
import { copyStageIdOf } from "@hirestream/contracts/workflows/copy-ids.ts";
import type { WorkflowStage } from "@hirestream/contracts/workflows/events.ts";
import type { WorkflowState } from "./workflow.decider.ts";

/** A workspace's template, as a project's copy is made from it. */
export interface WorkflowTemplate {
  workflowId: string;
  workspaceId: string;
  name: string;
  description: string;
  stages: readonly WorkflowStage[];
}

/**
 * The template's stages for the copy `copyId`: same order, names and sequences, each under the id
 * the browser also derives (so candidates can be put in a stage before the copy is made), and each
 * follow-up pointing at the copy's stage in the same position rather than at the template's.
 */
export function copiedStages(
  stages: readonly WorkflowStage[],
  copyId: string,
  ownSequence?: OwnSequence,
): WorkflowStage[] {
  const inCopy = (templateStageId: string) => copyStageIdOf(copyId, templateStageId);
  return [...stages]
    .sort((a, b) => a.position - b.position)
    .map((stage) => ({
      ...stage,
      id: inCopy(stage.id),
      sequenceId: ownSequence && stage.sequenceId === ownSequence.replaces ? ownSequence.sequenceId : stage.sequenceId,
      onResponseStageId: stage.onResponseStageId === null ? null : inCopy(stage.onResponseStageId),
    }));
}

/**
 * The template sequence a project is offered with the template (spec §4, project creation): the
 * sequence of the first stage, in position order, that starts one; null when no stage does.
 */
export function templateSequenceOf(stages: readonly WorkflowStage[]): string | null {
  const first = [...stages].sort((a, b) => a.position - b.position).find((stage) => stage.sequenceId !== null);
  return first?.sequenceId ?? null;
}

/**
 * The template a project of `workspaceId` may be given: "unknown" for a missing, removed or
 * foreign workflow, "copy" for another project's copy (only templates are assigned).
 */
export function assignableTemplate(state: WorkflowState, workspaceId: string): WorkflowTemplate | "unknown" | "copy" {
  if (state.status !== "active" || state.workspaceId !== workspaceId) return "unknown";
  if (state.projectId !== null) return "copy";
  const { workflowId, name, description, stages } = state;
  return { workflowId, workspaceId, name, description, stages };
}
