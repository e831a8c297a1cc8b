// Spec §5, Workflow: the checks the New/Edit Workflow form makes before anything is queued.
import { messages } from "@hirestream/contracts/messages.ts";
import {
  STAGE_NAME_MAX,
  WORKFLOW_NAME_MAX,
  WORKFLOW_STAGES_MAX,
  WORKFLOW_STAGES_MIN,
  WORKFLOW_TEXT_MAX,
  workflowMessages,
} from "@hirestream/contracts/workflows/commands.ts";
import type { WorkflowDraft } from "./workflow-draft.ts";

/** Keyed by the form's field paths (`name`, `stages.1.name`), as @mantine/form shows them. */
export type DraftErrors = Record<string, string>;

function textProblem(value: string, max: number): string | null {
  const trimmed = value.trim();
  if (trimmed === "") return messages.required;
  return trimmed.length > max ? workflowMessages.tooLong(max) : null;
}

export function validateWorkflowDraft(draft: WorkflowDraft): DraftErrors {
  const errors: DraftErrors = {};
  const name = textProblem(draft.name, WORKFLOW_NAME_MAX);
  if (name) errors.name = name;
  if (draft.description.trim().length > WORKFLOW_TEXT_MAX) {
    errors.description = workflowMessages.tooLong(WORKFLOW_TEXT_MAX);
  }
  if (draft.stages.length < WORKFLOW_STAGES_MIN) errors.stages = workflowMessages.tooFewStages;
  if (draft.stages.length > WORKFLOW_STAGES_MAX) errors.stages = workflowMessages.tooManyStages;
  draft.stages.forEach((stage, index) => {
    const stageName = textProblem(stage.name, STAGE_NAME_MAX);
    if (stageName) errors[`stages.${index}.name`] = stageName;
    // With the action on, the stage must say which sequence it starts.
    if (stage.action && stage.sequence_id === null) errors[`stages.${index}.sequence_id`] = messages.required;
  });
  return errors;
}

/** The counter beside a limited field: how many characters may still be typed. */
export function remainingCharacters(value: string, max: number): number {
  return max - value.length;
}
