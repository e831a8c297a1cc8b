import { z } from "zod";
import { CUSTOM_VARIABLE_TYPES } from "./variables.ts";

/** One step as events carry it (spec §3 Step); `position` counts from 1, ids stay with their step. */
export const sequenceStep = z.object({
  id: z.uuid(),
  position: z.number().int().min(1),
  name: z.string(),
  /** Minutes after the previous step was sent; the first step's, after the payload's Send. */
  delay: z.number().int().min(0),
  templateSubject: z.string(),
  templateBody: z.string(),
  providerId: z.uuid().nullable(),
  from: z.string().nullable(),
  hasProviderSignature: z.boolean(),
  workdayStart: z.string(),
  workdayEnd: z.string(),
  /** The candidate/project and custom variables the subject and body use, derived from them. */
  defaultFields: z.array(z.string()),
  customFields: z.array(z.string()),
});
export type SequenceStep = z.infer<typeof sequenceStep>;

export const sequencePayloadFields = z.object({
  defaults: z.array(z.object({ name: z.string(), used: z.boolean() })),
  customs: z.array(z.object({ name: z.string(), type: z.enum(CUSTOM_VARIABLE_TYPES), used: z.boolean() })),
});

/** Everything a sequence is, after a create or an edit. */
const sequenceContent = {
  sequenceId: z.uuid(),
  workspaceId: z.uuid(),
  name: z.string(),
  description: z.string(),
  hasReview: z.boolean(),
  /** The payload needs writing: the sequence has custom variables. */
  hasWrite: z.boolean(),
  allowSendWeekend: z.boolean(),
  allowSendHoliday: z.boolean(),
  /** Its messages carry a tracking pixel; absent (a sequence saved before it could be turned off): they do. */
  trackOpens: z.boolean().optional(),
  holidayCountry: z.string(),
  timezone: z.string(),
  payloadFields: sequencePayloadFields,
  steps: z.array(sequenceStep),
};

export const sequenceCreated = z.object({
  type: z.literal("SequenceCreated"),
  data: z.object({ ...sequenceContent, userId: z.uuid() }),
});

/**
 * The whole sequence after an edit. The Edit modal saves everything at once, the steps hang
 * together (positions, delays, the fields they use) and what reads them (the read model, a
 * processor about to send a step) wants the sequence as a whole, not a diff to replay.
 */
export const sequenceEdited = z.object({
  type: z.literal("SequenceEdited"),
  data: z.object(sequenceContent),
});

export const sequenceRemoved = z.object({
  type: z.literal("SequenceRemoved"),
  data: z.object({ sequenceId: z.uuid(), workspaceId: z.uuid() }),
});

export const sequenceEvent = z.discriminatedUnion("type", [sequenceCreated, sequenceEdited, sequenceRemoved]);
export type SequenceEvent = z.infer<typeof sequenceEvent>;
export type SequenceContent = z.infer<typeof sequenceEdited>["data"];
