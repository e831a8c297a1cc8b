// The sequence form's checks (spec §5), keyed by form path, and which tab holds each (spec §8: red tab headings).

import { messages } from "@hirestream/contracts/messages.ts";
import {
  isEmptyBody,
  SEQUENCE_DESCRIPTION_MAX,
  SEQUENCE_NAME_MAX,
  sequenceMessages,
} from "@hirestream/contracts/sequences/commands.ts";
import { countryCodes } from "@hirestream/contracts/sequences/countries.ts";
import { timeZoneIds } from "@hirestream/contracts/sequences/time-zones.ts";
import { DEFAULT_VARIABLES, variablesIn } from "@hirestream/contracts/sequences/variables.ts";
import type { SequenceDraft, StepDraft } from "./sequence-draft.ts";

export type FormErrors = Record<string, string>;

const INFO_FIELDS = ["name", "description", "has_review", "holiday_country", "timezone", "customs"] as const;

/**
 * Every error of the draft. `credentialIds`: the workspace's credentials a step may send from.
 * `fieldsRequired` off (spec §5: project template creation): a step may leave its credential and
 * sender for later, though a credential it names must still be one of the workspace's.
 */
export function validateSequenceDraft(
  draft: SequenceDraft,
  credentialIds: ReadonlySet<string>,
  fieldsRequired = true,
): FormErrors {
  const errors: FormErrors = {};
  const name = draft.name.trim();
  if (name === "") errors.name = messages.required;
  else if (name.length > SEQUENCE_NAME_MAX) errors.name = sequenceMessages.tooLong(SEQUENCE_NAME_MAX);
  if (draft.description.trim().length > SEQUENCE_DESCRIPTION_MAX)
    errors.description = sequenceMessages.tooLong(SEQUENCE_DESCRIPTION_MAX);
  if (draft.has_review === null) errors.has_review = messages.required;
  if (draft.holiday_country === "") errors.holiday_country = messages.required;
  else if (!countryCodes.has(draft.holiday_country)) errors.holiday_country = sequenceMessages.unknownCountry;
  if (draft.timezone === "") errors.timezone = messages.required;
  else if (!timeZoneIds.has(draft.timezone)) errors.timezone = sequenceMessages.unknownTimeZone;
  const known = new Set([...DEFAULT_VARIABLES, ...draft.customs.map((custom) => custom.name)]);
  for (const [index, step] of draft.steps.entries())
    Object.assign(errors, stepErrors(step, index, known, credentialIds, fieldsRequired));
  return errors;
}

function stepErrors(
  step: StepDraft,
  index: number,
  known: ReadonlySet<string>,
  credentialIds: ReadonlySet<string>,
  fieldsRequired: boolean,
): FormErrors {
  const errors: FormErrors = {};
  const at = (field: string) => `steps.${index}.${field}`;
  const leftForLater = !fieldsRequired && step.provider_id === null;
  if (!leftForLater && !hasCredential(step, credentialIds)) errors[at("provider_id")] = messages.required;
  if (!leftForLater && !step.from) errors[at("from")] = messages.required;
  if (step.template_subject.trim() === "") errors[at("template_subject")] = messages.required;
  if (isEmptyBody(step.template_body)) errors[at("template_body")] = messages.required;
  for (const field of ["template_subject", "template_body"] as const) {
    const unknown = variablesIn(step[field]).find((name) => !known.has(name));
    if (unknown !== undefined && errors[at(field)] === undefined)
      errors[at(field)] = sequenceMessages.unknownVariable(unknown);
  }
  return errors;
}

/** Spec §4: credentials are incomplete when a step has no credential (of this workspace) to send from. */
export function hasCredential(step: StepDraft, credentialIds: ReadonlySet<string>): boolean {
  return step.provider_id !== null && credentialIds.has(step.provider_id);
}

export interface TabErrors {
  info: boolean;
  steps: boolean[];
}

/** Which tab headings hold errors: Info (or Start) for the sequence's fields, each step for its own. */
export function tabErrors(errors: FormErrors, stepCount: number): TabErrors {
  const keys = Object.keys(errors);
  return {
    info: keys.some((key) => INFO_FIELDS.some((field) => key === field || key.startsWith(`${field}.`))),
    steps: Array.from({ length: stepCount }, (_, index) => keys.some((key) => key.startsWith(`steps.${index}.`))),
  };
}

export function hasTabErrors(tabs: TabErrors): boolean {
  return tabs.info || tabs.steps.some(Boolean);
}
