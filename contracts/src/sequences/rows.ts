import { z } from "zod";
import { timestamp } from "../timestamp.ts";
import { CUSTOM_VARIABLE_TYPES } from "./variables.ts";

/** One step as the sequences read model holds it (spec §3 Step); `position` counts from 1. */
export const stepRow = z.object({
  id: z.uuid(),
  position: z.number().int().min(1),
  type: z.literal("Step::Message"),
  name: z.string(),
  /** Minutes after the previous step was sent; the first step's, after the payload's Send. */
  delay: z.number().int().min(0),
  template_subject: z.string(),
  template_body: z.string(),
  provider_id: z.uuid().nullable(),
  from: z.string().nullable(),
  has_provider_signature: z.boolean(),
  workday_start: z.string(),
  workday_end: z.string(),
  /** The candidate/project and custom variables this step's subject and body use. */
  default_fields: z.array(z.string()),
  custom_fields: z.array(z.string()),
});
export type StepRow = z.infer<typeof stepRow>;

export const payloadFields = z.object({
  defaults: z.array(z.object({ name: z.string(), used: z.boolean() })),
  customs: z.array(z.object({ name: z.string(), type: z.enum(CUSTOM_VARIABLE_TYPES), used: z.boolean() })),
});
export type PayloadFields = z.infer<typeof payloadFields>;

/** The sequences read model: one row per sequence not removed, its steps in order; scope `ws:{workspace_id}`. */
export const sequenceRow = z.object({
  id: z.uuid(),
  workspace_id: z.uuid(),
  name: z.string(),
  description: z.string(),
  has_review: z.boolean(),
  /** Spec §2's Write icon: the payload needs writing (the sequence has custom variables). */
  has_write: z.boolean(),
  allow_send_weekend: z.boolean(),
  allow_send_holiday: z.boolean(),
  /** Its messages carry a tracking pixel and count towards the open rate ("Track opens"). */
  track_opens: z.boolean().default(true),
  holiday_country: z.string(),
  timezone: z.string(),
  payload_fields: payloadFields,
  steps: z.array(stepRow),
  user_id: z.uuid(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type SequenceRow = z.infer<typeof sequenceRow>;
