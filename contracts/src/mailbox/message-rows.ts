import { z } from "zod";
import { machineOpeners } from "../opens/open-kinds.ts";
import { timestamp } from "../timestamp.ts";

/** Spec §3 Message `type`: what a sequence step sent, and what came back on its thread. */
export const messageTypes = ["Message::Out", "Message::In"] as const;
export type MessageType = (typeof messageTypes)[number];

/** What an incoming message was taken for (API.md "Messages"). */
export const incomingKinds = ["reply", "auto_reply", "bounce"] as const;
export type IncomingKind = (typeof incomingKinds)[number];

/** `sent` for a step that went (`bounced` once a report says it did not arrive), `received` for incoming mail. */
export const messageStatuses = ["sent", "bounced", "received"] as const;

/**
 * The messages read model: one row per step sent and per message received on a run's thread,
 * built from the run's events alone, synced in its project's scope. The list call and the
 * browser's replica hold it as it is.
 */
export const messageRow = z.object({
  id: z.uuid(),
  type: z.enum(messageTypes),
  /** Null for outgoing mail. */
  kind: z.enum(incomingKinds).nullable(),
  workspace_id: z.uuid(),
  project_id: z.uuid(),
  person_id: z.uuid(),
  processor_id: z.uuid(),
  /** The step sent, or the step a bounce reports; null for replies and automatic answers. */
  position: z.number().int().min(1).nullable(),
  status: z.enum(messageStatuses),
  from: z.string(),
  to: z.string(),
  subject: z.string(),
  /** Sanitised HTML. */
  body_untracked: z.string(),
  /** The RFC 5322 Message-ID. */
  message_id: z.string(),
  in_reply_to: z.string().nullable(),
  /** The message carried a tracking pixel: its sequence tracked opens. */
  tracked: z.boolean().default(false),
  /** When a person first opened it; null until then (and for untracked or incoming mail). */
  opened_at: timestamp.nullable().default(null),
  /** When a mail proxy or scanner first fetched its pixel, and which: never an open. */
  machine_opened_at: timestamp.nullable().default(null),
  machine_opener: z.enum(machineOpeners).nullable().default(null),
  created_at: timestamp,
  updated_at: timestamp,
});
export type MessageRow = z.infer<typeof messageRow>;
