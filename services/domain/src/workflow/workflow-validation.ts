import { DomainError } from "@hirestream/contracts/errors.ts";
import { messages } from "@hirestream/contracts/messages.ts";
import {
  FIRST_STAGE_POSITION,
  STAGE_NAME_MAX,
  WORKFLOW_NAME_MAX,
  WORKFLOW_STAGES_MAX,
  WORKFLOW_STAGES_MIN,
  workflowMessages,
} from "@hirestream/contracts/workflows/commands.ts";
import type { WorkflowStage } from "@hirestream/contracts/workflows/events.ts";
import type { StageInput } from "./workflow.decider.ts";

// The checks a workflow's name and stages pass before the decider records them.

const pointer = (path: string) => `/data/attributes/${path}`;

/**
 * Spec §5: in edit mode only a stage not yet saved can be removed. Saved stages may be renamed and
 * moved; an edit sends each of them back with its id. (Candidates therefore never lose their stage.)
 */
export function keepSavedStages(current: readonly WorkflowStage[], next: readonly WorkflowStage[]): void {
  const kept = new Set(next.map((stage) => stage.id));
  const dropped = current.find((stage) => !kept.has(stage.id));
  if (dropped) {
    throw new DomainError("VALIDATION", workflowMessages.savedStageKept(dropped.name), pointer("stages_attributes"));
  }
}

export function validName(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) throw new DomainError("VALIDATION", messages.required, pointer("name"));
  if (trimmed.length > WORKFLOW_NAME_MAX) {
    throw new DomainError("VALIDATION", workflowMessages.tooLong(WORKFLOW_NAME_MAX), pointer("name"));
  }
  return trimmed;
}

/**
 * The stages in the order their positions give (ties keep the order sent), renumbered from
 * FIRST_STAGE_POSITION. A follow-up named by position means a position as sent; by id, a stage of the list.
 */
export function validStages(inputs: StageInput[]): WorkflowStage[] {
  const at = (index: number, field: string) => pointer(`stages_attributes/${index}/${field}`);
  if (inputs.length < WORKFLOW_STAGES_MIN) {
    throw new DomainError("VALIDATION", workflowMessages.tooFewStages, pointer("stages_attributes"));
  }
  if (inputs.length > WORKFLOW_STAGES_MAX) {
    throw new DomainError("VALIDATION", workflowMessages.tooManyStages, pointer("stages_attributes"));
  }
  const ids = new Set<string>();
  const sentPositions = new Set<number>();
  inputs.forEach((input, index) => {
    const name = input.name.trim();
    if (!name) throw new DomainError("VALIDATION", messages.required, at(index, "name"));
    if (name.length > STAGE_NAME_MAX) {
      throw new DomainError("VALIDATION", workflowMessages.tooLong(STAGE_NAME_MAX), at(index, "name"));
    }
    if (input.sequenceId != null && input.sequenceOfWorkspace === false) {
      throw new DomainError("VALIDATION", workflowMessages.unknownSequence, at(index, "sequence_id"));
    }
    if (ids.has(input.id)) throw new DomainError("VALIDATION", workflowMessages.taken, at(index, "id"));
    ids.add(input.id);
    const sent = sentPosition(input, index);
    if (sentPositions.has(sent)) throw new DomainError("VALIDATION", workflowMessages.taken, at(index, "position"));
    sentPositions.add(sent);
  });
  const order = inputs.map((_, index) => index).sort((a, b) => sentPosition(inputs[a], a) - sentPosition(inputs[b], b));
  const byPosition = new Map<number, { id: string; position: number }>();
  order.forEach((index, rank) => {
    const input = inputs[index] as StageInput;
    byPosition.set(sentPosition(input, index), { id: input.id, position: FIRST_STAGE_POSITION + rank });
  });
  const positionOf = new Map([...byPosition.values()].map(({ id, position }) => [id, position]));
  return order.map((index, rank) => {
    const input = inputs[index] as StageInput;
    const name = input.name.trim();
    let followUp: { id: string; position: number } | null = null;
    if (input.onResponseStagePosition != null) {
      followUp = byPosition.get(input.onResponseStagePosition) ?? null;
      if (!followUp || followUp.id === input.id) {
        throw new DomainError("VALIDATION", workflowMessages.unknownStage, at(index, "on_response_stage_position"));
      }
    } else if (input.onResponseStageId != null) {
      const position = positionOf.get(input.onResponseStageId);
      if (position === undefined || input.onResponseStageId === input.id) {
        throw new DomainError("VALIDATION", workflowMessages.unknownStage, at(index, "on_response_stage_id"));
      }
      followUp = { id: input.onResponseStageId, position };
    }
    return {
      id: input.id,
      name,
      position: FIRST_STAGE_POSITION + rank,
      // Spec §3: a stage's description is copied from its name unless one is given.
      description: input.description?.trim() || name,
      sequenceId: input.sequenceId ?? null,
      onResponseStageId: followUp?.id ?? null,
      onResponseStagePosition: followUp?.position ?? null,
    };
  });
}

function sentPosition(input: StageInput | undefined, index: number): number {
  return input?.position ?? index;
}
