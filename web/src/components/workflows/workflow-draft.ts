// The New/Edit Workflow form's values and the stage-list edits it allows (spec §4 and §5, Workflow).
import {
  FIRST_STAGE_POSITION,
  WORKFLOW_STAGES_MAX,
  WORKFLOW_STAGES_MIN,
} from "@hirestream/contracts/workflows/commands.ts";
import type { StageRow, WorkflowRow } from "@hirestream/contracts/workflows/rows.ts";

export interface DraftStage {
  /** Chosen in the browser for a new stage and sent with it, so the optimistic row keeps the server's ids. */
  id: string;
  position: number;
  name: string;
  /** Saved on the server already (edit mode): such a stage cannot be removed. */
  saved: boolean;
  /** The stage action toggle (Active/Inactive): on, the stage starts a sequence. */
  action: boolean;
  sequence_id: string | null;
  /** The follow-up stage, named by id so that renumbering never points it elsewhere. */
  on_response_stage_id: string | null;
}

export interface WorkflowDraft {
  name: string;
  description: string;
  stages: DraftStage[];
}

export type DraftMode = "create" | "edit";

export function emptyStage(id: string, position: number): DraftStage {
  return { id, position, name: "", saved: false, action: false, sequence_id: null, on_response_stage_id: null };
}

/** A new workflow starts with three empty stages at positions 0 to 2. */
export function newWorkflowDraft(newId: () => string): WorkflowDraft {
  const stages = Array.from({ length: WORKFLOW_STAGES_MIN }, (_, index) =>
    emptyStage(newId(), FIRST_STAGE_POSITION + index),
  );
  return { name: "", description: "", stages };
}

/** The form for Edit Workflow: the workflow as it is, its stages in order, all of them saved. */
export function draftOfWorkflow(workflow: WorkflowRow): WorkflowDraft {
  const stages = [...workflow.stages]
    .sort((a, b) => a.position - b.position)
    .map((stage) => ({
      id: stage.id,
      position: stage.position,
      name: stage.name,
      saved: true,
      action: stage.sequence_id !== null,
      sequence_id: stage.sequence_id,
      on_response_stage_id: stage.on_response_stage_id,
    }));
  return { name: workflow.name, description: workflow.description, stages: renumberStages(stages) };
}

/** Positions follow the list's order, from FIRST_STAGE_POSITION. */
export function renumberStages(stages: readonly DraftStage[]): DraftStage[] {
  return stages.map((stage, index) => ({ ...stage, position: FIRST_STAGE_POSITION + index }));
}

/** Adding stages is one of the stage action controls the feature_sequence flag gates. */
export function canAddStage(stages: readonly DraftStage[], sequenceFeature: boolean): boolean {
  return sequenceFeature && stages.length < WORKFLOW_STAGES_MAX;
}

export function addStage(stages: readonly DraftStage[], id: string): DraftStage[] {
  return renumberStages([...stages, emptyStage(id, stages.length)]);
}

/**
 * Spec §5: only the active stage (the one being worked on), only above the minimum of three, and
 * in edit mode only a stage not saved yet.
 */
export function canRemoveStage(
  stages: readonly DraftStage[],
  index: number,
  mode: DraftMode,
  activeStageId: string | null,
): boolean {
  const stage = stages[index];
  if (!stage || stage.id !== activeStageId || stages.length <= WORKFLOW_STAGES_MIN) return false;
  return mode === "create" || !stage.saved;
}

/**
 * Drops one stage and renumbers the rest from 0. A stage whose follow-up was the removed one loses
 * it rather than pointing at whichever stage moved into its place.
 */
export function removeStage(stages: readonly DraftStage[], index: number): DraftStage[] {
  const removed = stages[index];
  if (!removed || stages.length <= WORKFLOW_STAGES_MIN) return [...stages];
  const rest = stages
    .filter((_, at) => at !== index)
    .map((stage) => (stage.on_response_stage_id === removed.id ? { ...stage, on_response_stage_id: null } : stage));
  return renumberStages(rest);
}

/** Clearing the toggle removes the sequence and the follow-up; turning it on keeps the stage as it is. */
export function setStageAction(stage: DraftStage, on: boolean): DraftStage {
  return on ? { ...stage, action: true } : { ...stage, action: false, sequence_id: null, on_response_stage_id: null };
}

/** Choosing another sequence keeps the follow-up; clearing it drops the follow-up, offered only with a sequence. */
export function setStageSequence(stage: DraftStage, sequenceId: string | null): DraftStage {
  return sequenceId === null
    ? { ...stage, sequence_id: null, on_response_stage_id: null }
    : { ...stage, sequence_id: sequenceId };
}

export interface StageOption {
  value: string;
  label: string;
}

/** The other named stages, offered only once the stage has a sequence. */
export function onResponseOptions(stages: readonly DraftStage[], index: number): StageOption[] {
  const stage = stages[index];
  if (!stage?.action || stage.sequence_id === null) return [];
  return stages
    .filter((other) => other.id !== stage.id && other.name.trim() !== "")
    .map((other) => ({ value: other.id, label: other.name.trim() }));
}

/**
 * The stages as the server will store them: in list order from FIRST_STAGE_POSITION, names trimmed,
 * the description copied from the name (spec §3), no sequence without the toggle, and a follow-up
 * only when it names another stage of the list.
 */
export function stagesOfDraft(stages: readonly DraftStage[]): StageRow[] {
  const positionOf = new Map(stages.map((stage, index) => [stage.id, FIRST_STAGE_POSITION + index]));
  return stages.map((stage, index) => {
    const name = stage.name.trim();
    const sequenceId = stage.action ? stage.sequence_id : null;
    const followUp =
      sequenceId !== null && stage.on_response_stage_id !== null && stage.on_response_stage_id !== stage.id
        ? stage.on_response_stage_id
        : null;
    const followUpPosition = followUp === null ? undefined : positionOf.get(followUp);
    return {
      id: stage.id,
      name,
      position: FIRST_STAGE_POSITION + index,
      description: name,
      sequence_id: sequenceId,
      on_response_stage_id: followUpPosition === undefined ? null : followUp,
      on_response_stage_position: followUpPosition ?? null,
    };
  });
}

/** What Edit Workflow can change; a stage's description follows its name, so it is not compared. */
function editable(name: string, description: string, stages: readonly StageRow[]) {
  return JSON.stringify({
    name: name.trim(),
    description: description.trim(),
    stages: [...stages]
      .sort((a, b) => a.position - b.position)
      .map((stage) => [stage.id, stage.name.trim(), stage.sequence_id, stage.on_response_stage_id]),
  });
}

/** Update stays disabled until something changed. */
export function workflowDraftChanged(workflow: WorkflowRow, draft: WorkflowDraft): boolean {
  return (
    editable(workflow.name, workflow.description, workflow.stages) !==
    editable(draft.name, draft.description, stagesOfDraft(draft.stages))
  );
}
