import { DomainError } from "@hirestream/contracts/errors.ts";
import { messages } from "@hirestream/contracts/messages.ts";
import {
  type CreateSequenceAttributes,
  DEFAULT_HOLIDAY_COUNTRY,
  DEFAULT_TIME_ZONE,
  FIRST_STEP_DELAY,
  LATER_STEP_DELAY,
  type StepAttributes,
  sequenceMessages,
  type UpdateSequenceAttributes,
} from "@hirestream/contracts/sequences/commands.ts";
import type { SequenceContent, SequenceStep } from "@hirestream/contracts/sequences/events.ts";
import { DEFAULT_WORKDAY_END, DEFAULT_WORKDAY_START } from "@hirestream/contracts/sequences/hours.ts";
import { CANDIDATE_VARIABLES, DEFAULT_VARIABLES, variablesIn } from "@hirestream/contracts/sequences/variables.ts";

/** What a create or an edit asks for; `newStepIds[i]` names step i when it is new and brings no id. */
export interface SequenceInput {
  attributes: CreateSequenceAttributes | UpdateSequenceAttributes;
  newStepIds: readonly string[];
}

export const sequenceRuleMessages = {
  /** Spec §4: steps are not removed in edit mode; a processor may be on any saved step. */
  savedStepKept: (step: string) => `${step} is saved and cannot be removed`,
  taken: "has already been taken",
} as const;

const pointer = (path: string) => `/data/attributes/${path}`;

/**
 * The sequence a create (`current` undefined) or an edit leaves: what is sent, what is not sent
 * kept (an edit) or defaulted (spec §4), the steps in the order of their positions, numbered from 1,
 * and what derives from the templates (the fields each step uses, `used`, `has_write`).
 */
export function sequenceContentOf(
  ids: { sequenceId: string; workspaceId: string },
  input: SequenceInput,
  current?: SequenceContent,
): SequenceContent {
  const { attributes } = input;
  const customs = attributes.payload_fields?.customs ?? current?.payloadFields.customs ?? [];
  const customNames = new Set(customs.map((custom) => custom.name));
  // What is sent is checked as sent (its pointers name the steps as sent); else the saved steps.
  if (attributes.steps === undefined) checkVariables(current?.steps ?? [], customNames, () => "payload_fields/customs");
  else checkVariables(stepTemplates(attributes.steps), customNames, (index, field) => `steps/${index}/${field}`);
  const steps =
    attributes.steps === undefined ? (current?.steps ?? []) : stepsOf(attributes.steps, input.newStepIds, current);
  const derived = steps.map((step) => withFields(step, customNames));
  const used = new Set(derived.flatMap((step) => [...step.defaultFields, ...step.customFields]));
  const name = attributes.name?.trim() ?? current?.name ?? "";
  if (!name) throw new DomainError("VALIDATION", messages.required, pointer("name"));
  return {
    ...ids,
    name,
    description:
      attributes.description === undefined ? (current?.description ?? "") : (attributes.description?.trim() ?? ""),
    hasReview: attributes.has_review ?? current?.hasReview ?? false,
    hasWrite: customs.length > 0,
    allowSendWeekend: attributes.allow_send_weekend ?? current?.allowSendWeekend ?? false,
    allowSendHoliday: attributes.allow_send_holiday ?? current?.allowSendHoliday ?? false,
    trackOpens: attributes.track_opens ?? current?.trackOpens ?? true,
    holidayCountry: attributes.holiday_country ?? current?.holidayCountry ?? DEFAULT_HOLIDAY_COUNTRY,
    timezone: attributes.timezone ?? current?.timezone ?? DEFAULT_TIME_ZONE,
    payloadFields: {
      defaults: CANDIDATE_VARIABLES.map((variable) => ({ name: variable, used: used.has(variable) })),
      customs: customs.map((custom) => ({ name: custom.name, type: custom.type, used: used.has(custom.name) })),
    },
    steps: derived,
  };
}

type StepDraft = Omit<SequenceStep, "defaultFields" | "customFields">;

/**
 * Steps in the order their positions give (ties keep the order sent), numbered from 1. In an edit a
 * step keeps its id: the one sent, else the saved step's at the same place; a saved step left out is
 * refused, since spec §4 removes no step in edit mode and a candidate's processor may be on it.
 */
function stepsOf(inputs: StepAttributes[], newStepIds: readonly string[], current?: SequenceContent): StepDraft[] {
  const order = inputs.map((_, index) => index).sort((a, b) => rankOf(inputs, a) - rankOf(inputs, b));
  const saved = new Map((current?.steps ?? []).map((step) => [step.id, step]));
  const sentIds = new Set(inputs.flatMap((step) => (step.id === undefined ? [] : [step.id])));
  const seen = new Set<string>();
  const steps = order.map((index, rank) => {
    const input = inputs[index] as StepAttributes;
    const inPlace = current?.steps[rank];
    const id = input.id ?? (inPlace && !sentIds.has(inPlace.id) ? inPlace.id : newStepIds[index]);
    if (id === undefined || seen.has(id)) {
      throw new DomainError("VALIDATION", sequenceRuleMessages.taken, pointer(`steps/${index}/id`));
    }
    seen.add(id);
    return stepOf(input, id, rank + 1, saved.get(id));
  });
  const dropped = current?.steps.find((step) => !seen.has(step.id));
  if (dropped) {
    throw new DomainError("VALIDATION", sequenceRuleMessages.savedStepKept(dropped.name), pointer("steps"));
  }
  return steps;
}

function rankOf(inputs: StepAttributes[], index: number): number {
  return inputs[index]?.position ?? index + 1;
}

/** Spec §4's defaults for what a new step leaves out; a saved step keeps what it had. */
function stepOf(input: StepAttributes, id: string, position: number, saved: SequenceStep | undefined): StepDraft {
  return {
    id,
    position,
    // Spec §5: a step name left blank becomes Step {n}.
    name: input.name?.trim() || `Step ${position}`,
    delay: input.delay ?? saved?.delay ?? (position === 1 ? FIRST_STEP_DELAY : LATER_STEP_DELAY),
    templateSubject: input.template_subject.trim(),
    templateBody: input.template_body,
    providerId: input.provider_id === undefined ? (saved?.providerId ?? null) : input.provider_id,
    from: input.from === undefined ? (saved?.from ?? null) : input.from?.trim() || null,
    hasProviderSignature: input.has_provider_signature ?? saved?.hasProviderSignature ?? true,
    workdayStart: input.workday_start ?? saved?.workdayStart ?? DEFAULT_WORKDAY_START,
    workdayEnd: input.workday_end ?? saved?.workdayEnd ?? DEFAULT_WORKDAY_END,
  };
}

function withFields(step: StepDraft, customNames: ReadonlySet<string>): SequenceStep {
  const names = [...new Set([...variablesIn(step.templateSubject), ...variablesIn(step.templateBody)])];
  return {
    ...step,
    defaultFields: names.filter((name) => DEFAULT_VARIABLES.includes(name)),
    customFields: names.filter((name) => customNames.has(name)),
  };
}

type Templates = Pick<StepDraft, "templateSubject" | "templateBody">;

function stepTemplates(inputs: StepAttributes[]): Templates[] {
  return inputs.map((step) => ({ templateSubject: step.template_subject, templateBody: step.template_body }));
}

/**
 * Every `{{name}}` is a candidate, project or custom variable of the sequence after the command: the
 * contracts check what is sent, but an edit may send only the custom variables (none of the saved
 * steps may then use one that is gone) or only the steps (which may use the saved ones).
 */
function checkVariables(
  steps: readonly Templates[],
  customNames: ReadonlySet<string>,
  path: (index: number, field: string) => string,
): void {
  steps.forEach((step, index) => {
    for (const [field, template] of [
      ["template_subject", step.templateSubject],
      ["template_body", step.templateBody],
    ] as const) {
      const unknown = variablesIn(template).find((name) => !DEFAULT_VARIABLES.includes(name) && !customNames.has(name));
      if (unknown !== undefined) {
        throw new DomainError("VALIDATION", sequenceMessages.unknownVariable(unknown), pointer(path(index, field)));
      }
    }
  });
}
