import { z } from "zod";
import { payloadOpenStates } from "../opens/open-kinds.ts";
import { payloadFields } from "../sequences/rows.ts";
import { timestamp } from "../timestamp.ts";
import { timeZoneSources } from "./events.ts";
import { displayedStatuses, NO_EVENT, payloadEventNames, processorStatuses } from "./payload-status.ts";

/** The run under a payload, as spec §3 "Sequence processor" names its fields. */
export const processorSummary = z.object({
  id: z.uuid(),
  status: z.enum(processorStatuses),
  last_step_sent_position: z.number().int().min(0),
  total_steps: z.number().int().min(1),
  last_step_sent_date: timestamp.nullable(),
  /** When the next step is due, while one is scheduled. */
  current_step_schedule_date: timestamp.nullable(),
  fail_message: z.string().nullable(),
  status_message: z.string().nullable(),
});
export type ProcessorSummary = z.infer<typeof processorSummary>;

/**
 * The payloads read model (API.md "Outreach"): one row per run, its id the run's, synced to
 * `ws:{workspace_id}`. Both the list call and the browser's replica hold it as it is; `status`,
 * `empty_count`, `button`, `event` and `status_position` come from the status table
 * (payload-status.ts) when the row is written, so a reader never works them out again.
 */
export const payloadRow = z.object({
  id: z.uuid(),
  workspace_id: z.uuid(),
  project_id: z.uuid(),
  /** The candidacy (the spec's project person) the run is for. */
  project_person_id: z.uuid(),
  person_id: z.uuid(),
  /** The person's name, for the list and its search. */
  first_name: z.string(),
  last_name: z.string(),
  sequence_id: z.uuid(),
  stage_id: z.uuid(),
  has_review: z.boolean(),
  /** The displayed status: draft for a pending run whose required fields are all filled. */
  status: z.enum(displayedStatuses),
  status_position: z.number().int(),
  empty_count: z.number().int().min(0),
  editable: z.boolean(),
  payload_values: z.object({ data: z.record(z.string(), z.string()) }),
  payload_fields: payloadFields,
  button: z.enum(["Ready", "Send", "Retry"]).nullable(),
  event: z.enum([...payloadEventNames, NO_EVENT]),
  time_zone: z.string(),
  time_zone_source: z.enum(timeZoneSources),
  /** Whether a person opened the run's messages; null before one was sent (a row from before opens were tracked, too). */
  opens: z.enum(payloadOpenStates).nullable().default(null),
  processor: processorSummary,
  created_at: timestamp,
  updated_at: timestamp,
});
export type PayloadRow = z.infer<typeof payloadRow>;
