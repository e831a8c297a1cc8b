import { z } from "zod";
import { messages } from "../messages.ts";
import { text } from "../text.ts";
import { countryCodes } from "./countries.ts";
import { DEFAULT_WORKDAY_END, DEFAULT_WORKDAY_START, hourOfLabel, WORKDAY_HOUR_OPTIONS } from "./hours.ts";
import { timeZoneIds } from "./time-zones.ts";
import {
  CUSTOM_VARIABLE_NAME_MAX,
  CUSTOM_VARIABLE_TYPES,
  customVariableName,
  DEFAULT_VARIABLES,
  variablesIn,
} from "./variables.ts";

/** Spec §5 and §9. */
export const SEQUENCE_NAME_MAX = 50;
export const SEQUENCE_DESCRIPTION_MAX = 100;
export const STEP_TEXT_MAX = 500;
export const STEP_BODY_MAX = 100_000;
export const SEQUENCE_STEPS_MAX = 30;
/** Spec §4: the first step goes at once, the others a day after the one before. */
export const FIRST_STEP_DELAY = 0;
export const LATER_STEP_DELAY = 1440;
/** A delay is minutes; a year is more than any outreach waits. */
export const STEP_DELAY_MAX = 366 * 24 * 60;
export const DEFAULT_HOLIDAY_COUNTRY = "US";
export const DEFAULT_TIME_ZONE = "America/Chicago";

export const sequenceMessages = {
  tooLong: (max: number) => `is too long (maximum is ${max} characters)`,
  nameTaken: "Name already taken.",
  unknownVariable: (name: string) => `uses an unknown variable: {{${name}}}`,
  unknownCountry: "must be a region of the list",
  unknownTimeZone: "must be a time zone of the list",
  unknownHour: "must be an hour from 12am to 11pm, or --",
  endBeforeStart: "must be after the workday start",
  tooManySteps: `must have at most ${SEQUENCE_STEPS_MAX} steps`,
  noSteps: "must have at least one step",
  notThisWorkspace: "must be the workspace in the URL",
  notThisSequence: "must be the sequence in the URL",
} as const;

/** Spec §5: "an empty editor (<p></p>) counts as empty": a body with no text and no image is empty. */
export function isEmptyBody(html: string): boolean {
  if (/<img\b/i.test(html)) return false;
  return (
    html
      .replace(/<[^>]*>/g, "")
      .replace(/&nbsp;|&#160;/g, " ")
      .trim() === ""
  );
}

const required = (issue: { input: unknown }) => (issue.input === undefined ? messages.required : undefined);
const requiredText = (max: number) =>
  text({ error: required })
    .trim()
    .min(1, { error: messages.required })
    .max(max, { error: sequenceMessages.tooLong(max) });
const optionalText = (max: number) =>
  text()
    .max(max, { error: sequenceMessages.tooLong(max) })
    .nullable()
    .optional();
const hour = text().refine((label) => WORKDAY_HOUR_OPTIONS.includes(label), { error: sequenceMessages.unknownHour });
const flag = z.boolean({ error: "must be true or false" });

export const stepAttributes = z
  .object({
    /** The step kept, when editing; a new step may bring its own id (UUID), as offline clients do. */
    id: z.uuid({ error: "must be a UUID" }).optional(),
    position: z.number().int().min(1).max(SEQUENCE_STEPS_MAX).optional(),
    name: optionalText(STEP_TEXT_MAX),
    /** Spec §3: "delay in minutes (text or number)". */
    delay: z.coerce
      .number({ error: "must be a number of minutes" })
      .int({ error: "must be a whole number of minutes" })
      .min(0, { error: "must be 0 or more" })
      .max(STEP_DELAY_MAX, { error: `must be at most ${STEP_DELAY_MAX} minutes` })
      .optional(),
    template_subject: requiredText(STEP_TEXT_MAX),
    template_body: text({ error: required })
      .max(STEP_BODY_MAX, { error: sequenceMessages.tooLong(STEP_BODY_MAX) })
      .refine((body) => !isEmptyBody(body), { error: messages.required }),
    /** Spec §5: required in the sequence form; a project's template sequence may leave it for later. */
    provider_id: z.uuid({ error: "must be a UUID" }).nullable().optional(),
    from: text().trim().max(STEP_TEXT_MAX).nullable().optional(),
    has_provider_signature: flag.optional(),
    workday_start: hour.optional(),
    workday_end: hour.optional(),
    /** Sent by the spec's client; the server derives them (the credential's type, the fields used). */
    provider_type: text().max(100).nullable().optional(),
    provider_name: text().max(STEP_TEXT_MAX).nullable().optional(),
    credential: z.unknown().optional(),
    credential_email: text().max(STEP_TEXT_MAX).nullable().optional(),
    type: z.literal("Step::Message").optional(),
    custom_fields: z.unknown().optional(),
    default_fields: z.unknown().optional(),
  })
  .strict()
  .superRefine((step, ctx) => {
    const start = hourOfLabel(step.workday_start ?? DEFAULT_WORKDAY_START);
    const end = hourOfLabel(step.workday_end ?? DEFAULT_WORKDAY_END);
    if (start != null && end != null && end <= start)
      ctx.addIssue({ code: "custom", path: ["workday_end"], message: sequenceMessages.endBeforeStart });
  });
export type StepAttributes = z.infer<typeof stepAttributes>;

export const customVariable = z
  .object({
    name: text({ error: required })
      .transform(customVariableName)
      .pipe(
        z
          .string()
          .min(1, { error: messages.required })
          .max(CUSTOM_VARIABLE_NAME_MAX, { error: sequenceMessages.tooLong(CUSTOM_VARIABLE_NAME_MAX) })
          .regex(/^[^{}]+$/, { error: "cannot hold braces" }),
      ),
    type: z.enum(CUSTOM_VARIABLE_TYPES, { error: `must be one of ${CUSTOM_VARIABLE_TYPES.join(", ")}` }),
    /** Derived on the server from the steps. */
    used: z.boolean().optional(),
  })
  .strict();

export const payloadFieldsAttributes = z
  .object({
    /** The candidate and project variables: fixed, so what a client sends is ignored. */
    defaults: z.unknown().optional(),
    customs: z.array(customVariable).max(50).default([]),
  })
  .strict();

const sequenceFields = {
  name: requiredText(SEQUENCE_NAME_MAX),
  description: optionalText(SEQUENCE_DESCRIPTION_MAX),
  has_review: flag.optional(),
  allow_send_weekend: flag.optional(),
  allow_send_holiday: flag.optional(),
  track_opens: flag.optional(),
  holiday_country: text({ error: required })
    .min(1, { error: messages.required })
    .refine((code) => countryCodes.has(code), { error: sequenceMessages.unknownCountry })
    .optional(),
  timezone: text({ error: required })
    .min(1, { error: messages.required })
    .refine((zone) => timeZoneIds.has(zone), { error: sequenceMessages.unknownTimeZone })
    .optional(),
  payload_fields: payloadFieldsAttributes.optional(),
  steps: z
    .array(stepAttributes)
    .min(1, { error: sequenceMessages.noSteps })
    .max(SEQUENCE_STEPS_MAX, { error: sequenceMessages.tooManySteps }),
  /** Derived on the server (the payload needs writing when the sequence has custom variables). */
  has_write: z.boolean().optional(),
  /** Sent by the spec's client; must name the URL's. */
  workspace_id: z.uuid({ error: "must be a UUID" }).optional(),
};

type VariableCheck = {
  payload_fields?: { customs: { name: string }[] } | undefined;
  steps?: StepAttributes[] | undefined;
};

/** Every `{{name}}` is a candidate, project or custom variable; custom names are unique. */
function checkVariables(sequence: VariableCheck, ctx: z.RefinementCtx): void {
  const customs = sequence.payload_fields?.customs ?? [];
  const seen = new Set<string>(DEFAULT_VARIABLES);
  customs.forEach((custom, index) => {
    if (seen.has(custom.name))
      ctx.addIssue({
        code: "custom",
        path: ["payload_fields", "customs", index, "name"],
        message: sequenceMessages.nameTaken,
      });
    seen.add(custom.name);
  });
  (sequence.steps ?? []).forEach((step, index) => {
    for (const field of ["template_subject", "template_body"] as const) {
      const unknown = variablesIn(step[field]).find((name) => !seen.has(name));
      if (unknown !== undefined)
        ctx.addIssue({
          code: "custom",
          path: ["steps", index, field],
          message: sequenceMessages.unknownVariable(unknown),
        });
    }
  });
}

export const createSequenceAttributes = z
  .object({ id: z.uuid({ error: "must be a UUID" }).optional(), ...sequenceFields })
  .strict()
  .superRefine(checkVariables);
export type CreateSequenceAttributes = z.infer<typeof createSequenceAttributes>;

/**
 * PUT: the Edit modal sends the whole sequence; a client may send only what changed. Steps sent
 * without the custom variables may use the saved ones: the server checks them against those.
 */
export const updateSequenceAttributes = z
  .object({
    id: z.uuid({ error: "must be a UUID" }).optional(),
    ...sequenceFields,
    name: sequenceFields.name.optional(),
    steps: sequenceFields.steps.optional(),
  })
  .strict()
  .superRefine((sequence, ctx) => {
    if (sequence.payload_fields !== undefined) checkVariables(sequence, ctx);
  });
export type UpdateSequenceAttributes = z.infer<typeof updateSequenceAttributes>;

/** PUT …/sequences/{id}/test: a value for each variable in use, sent only to the caller's own address. */
export const testSequenceAttributes = z
  .object({
    test_params: z.record(text().max(100), text().max(STEP_TEXT_MAX)).default({}),
    id: z.uuid({ error: "must be a UUID" }).optional(),
    workspace_id: z.uuid({ error: "must be a UUID" }).optional(),
  })
  .strict();

export const sequenceListQuery = z
  .object({
    by_workspace: text().max(100).optional(),
    limit: z.coerce
      .number()
      .refine((n) => [10, 20, 30, 40, 50, 9999].includes(n), { error: "must be one of 10, 20, 30, 40, 50, 9999" })
      .default(10),
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  })
  .strict();
export type SequenceListQuery = z.infer<typeof sequenceListQuery>;
