// The New/Edit Sequence form's values and the step-list edits it allows (spec §4, Sequence creation and editing).
import {
  DEFAULT_HOLIDAY_COUNTRY,
  DEFAULT_TIME_ZONE,
  FIRST_STEP_DELAY,
  LATER_STEP_DELAY,
} from "@hirestream/contracts/sequences/commands.ts";
import { DEFAULT_WORKDAY_END, DEFAULT_WORKDAY_START } from "@hirestream/contracts/sequences/hours.ts";
import type { SequenceRow } from "@hirestream/contracts/sequences/rows.ts";
import type { CustomVariableType } from "@hirestream/contracts/sequences/variables.ts";

export interface StepDraft {
  /** Chosen in the browser for a new step and sent with it, so the optimistic row keeps the server's ids. */
  id: string;
  /** 1-based, following the list's order. */
  position: number;
  name: string;
  /** Minutes after the previous step was sent. */
  delay: number;
  template_subject: string;
  template_body: string;
  /** Known from the credential chosen; never sent (spec §5: removed before saving). */
  provider_type: string | null;
  provider_id: string | null;
  from: string | null;
  has_provider_signature: boolean;
  workday_start: string;
  workday_end: string;
}

export interface CustomVariableDraft {
  name: string;
  type: CustomVariableType;
}

export interface SequenceDraft {
  name: string;
  description: string;
  /** Null only when the recruiter has not chosen (spec §5: Messages Review is required). */
  has_review: boolean | null;
  allow_send_weekend: boolean;
  allow_send_holiday: boolean;
  /** Its messages carry a tracking pixel and count towards the open rate; on unless turned off. */
  track_opens: boolean;
  holiday_country: string;
  timezone: string;
  customs: CustomVariableDraft[];
  steps: StepDraft[];
}

export function defaultStepName(position: number): string {
  return `Step ${position}`;
}

/**
 * A step added after `previous` takes its credential, sender and workday hours (spec §4); the
 * first step goes at once, later ones a day after the one before.
 */
export function newStep(id: string, position: number, previous?: StepDraft): StepDraft {
  return {
    id,
    position,
    name: defaultStepName(position),
    delay: position === 1 ? FIRST_STEP_DELAY : LATER_STEP_DELAY,
    template_subject: "",
    template_body: "",
    provider_type: previous?.provider_type ?? null,
    provider_id: previous?.provider_id ?? null,
    from: previous?.from ?? null,
    has_provider_signature: true,
    workday_start: previous?.workday_start ?? DEFAULT_WORKDAY_START,
    workday_end: previous?.workday_end ?? DEFAULT_WORKDAY_END,
  };
}

/** Spec §4: two steps (delays 0 and 1440), region US, America/Chicago, review and weekend/holiday sending off. */
export function newSequenceDraft(newId: () => string): SequenceDraft {
  const first = newStep(newId(), 1);
  return {
    name: "",
    description: "",
    has_review: false,
    allow_send_weekend: false,
    allow_send_holiday: false,
    track_opens: true,
    holiday_country: DEFAULT_HOLIDAY_COUNTRY,
    timezone: DEFAULT_TIME_ZONE,
    customs: [],
    steps: [first, newStep(newId(), 2, first)],
  };
}

/** Positions follow the list's order, from 1. */
export function renumberSteps(steps: readonly StepDraft[]): StepDraft[] {
  return steps.map((step, index) => (step.position === index + 1 ? step : { ...step, position: index + 1 }));
}

export function addStep(steps: readonly StepDraft[], id: string): StepDraft[] {
  return [...steps, newStep(id, steps.length + 1, steps.at(-1))];
}

/** Spec §4: only a step after the first, and never while editing a saved sequence. */
export function canRemoveStep(index: number, mode: "create" | "edit"): boolean {
  return mode === "create" && index > 0;
}

export function removeStep(steps: readonly StepDraft[], index: number): StepDraft[] {
  return renumberSteps(steps.filter((_, at) => at !== index));
}

/** Spec §5: a step name left blank, in create mode, becomes `Step {n}` when the field is left. */
export function stepNameOnBlur(step: StepDraft, mode: "create" | "edit"): string {
  return mode === "create" && step.name.trim() === "" ? defaultStepName(step.position) : step.name;
}

/** The form for Edit Sequence or the read-only view: the sequence as it is, its steps in order. */
export function draftOfSequence(
  sequence: SequenceRow,
  providerTypeOf: (credentialId: string) => string | null,
): SequenceDraft {
  const steps = [...sequence.steps]
    .sort((a, b) => a.position - b.position)
    .map(
      (step): StepDraft => ({
        id: step.id,
        position: step.position,
        name: step.name,
        delay: step.delay,
        template_subject: step.template_subject,
        template_body: step.template_body,
        provider_type: step.provider_id === null ? null : providerTypeOf(step.provider_id),
        provider_id: step.provider_id,
        from: step.from,
        has_provider_signature: step.has_provider_signature,
        workday_start: step.workday_start,
        workday_end: step.workday_end,
      }),
    );
  return {
    name: sequence.name,
    description: sequence.description,
    has_review: sequence.has_review,
    allow_send_weekend: sequence.allow_send_weekend,
    allow_send_holiday: sequence.allow_send_holiday,
    // A row synced before sequences could stop tracking has none: they track.
    track_opens: sequence.track_opens ?? true,
    holiday_country: sequence.holiday_country,
    timezone: sequence.timezone,
    customs: sequence.payload_fields.customs.map(({ name, type }) => ({ name, type })),
    steps: renumberSteps(steps),
  };
}
