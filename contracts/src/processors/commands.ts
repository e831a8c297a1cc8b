// The Message tab's requests (spec §7): a payload's values and the events of its buttons and
// controls, as the server parses them and the browser builds them, and the words both show.
import { z } from "zod";
import { candidacyListQuery } from "../candidacies/commands.ts";
import { text } from "../text.ts";
import { payloadFilters } from "./payload-filters.ts";
import { type DisplayedStatus, NO_EVENT, payloadEventNames, statusNames } from "./payload-status.ts";
import { PAYLOAD_TEXT_AREA_MAX } from "./payload-values.ts";

/** More fields than any sequence has (six candidate and project variables, fifty customs). */
export const PAYLOAD_FIELDS_MAX = 100;
const FIELD_NAME_MAX = 100;

export const processorMessages = {
  eventNotAllowed: (event: string, status: DisplayedStatus) =>
    `${event} is not allowed while the status is ${statusNames[status]}`,
  notEditable: (status: DisplayedStatus) => `The payload cannot be edited while the status is ${statusNames[status]}`,
  /** A step the engine reports out of turn: a bug or a stale job, never the user's doing. */
  stepOutOfTurn: (position: number, next: number) => `Step ${position} is not the next step (${next})`,
  stepNotSent: (position: number) => `Step ${position} was not sent`,
  notFound: "Payload not found",
  noSteps: "A sequence without steps starts no run",
  mayNotWrite: "Your role does not allow writing messages",
  mayNotSend: "Your role does not allow sending messages",
  mayNotApprove: "Your role does not allow approving messages",
  pausedByUser: "Paused by a user",
  /** A connected mailbox's sign-in was refused (revoked, expired): the run waits for Reconnect. */
  pausedForRevokedGrant: (mailbox: string) =>
    `Paused: the sign-in of the mailbox ${mailbox} was revoked or has expired. Reconnect it in Integrations to go on sending.`,
} as const;

/** PUT …/sequence_processors/{sp}/event and PUT …/payloads/{id}/event: one event, or none. */
export const payloadEventAttributes = z
  .object({
    event_name: z.enum([...payloadEventNames, NO_EVENT], {
      error: `must be one of ${[...payloadEventNames, NO_EVENT].join(", ")}`,
    }),
  })
  .strict();
export type PayloadEventAttributes = z.infer<typeof payloadEventAttributes>;

/** A value as typed; null or blank clears the field. The field's own limit is the decider's to check. */
const value = text().max(PAYLOAD_TEXT_AREA_MAX, {
  error: `is too long (maximum is ${PAYLOAD_TEXT_AREA_MAX} characters)`,
});

/**
 * PUT …/payloads/{id}: the values changed, by field name (spec §3 payload_values.data). Flat as
 * `{payload_values: {data: {…}}}`, or as the attributes of a `payload` document.
 */
export const updatePayloadAttributes = z
  .object({
    payload_values: z
      .object({
        data: z
          .record(text().max(FIELD_NAME_MAX), value.nullable())
          .refine((values) => Object.keys(values).length <= PAYLOAD_FIELDS_MAX, {
            error: `must have at most ${PAYLOAD_FIELDS_MAX} fields`,
          }),
      })
      .strict(),
  })
  .strict();
export type UpdatePayloadAttributes = z.infer<typeof updatePayloadAttributes>;

/** Where a refusal of one value points. */
export function payloadValuePointer(name: string): string {
  return `/data/attributes/payload_values/data/${name.replaceAll("~", "~0").replaceAll("/", "~1")}`;
}

/** One word or several: a lone word is a list of one, so a wrong word is refused in the filter's words. */
const oneOrMany = <T extends z.ZodType>(item: T) =>
  z.preprocess((each) => (Array.isArray(each) ? each : [each]), z.array(item).max(payloadFilters.length * 2));
const filter = z.enum(payloadFilters, { error: `must be one of ${payloadFilters.join(", ")}` });

/** The list's `by_status[]` words (API.md), Rails-style or plain. */
export const payloadStatusQuery = z.object({
  "by_status[]": oneOrMany(filter).optional(),
  by_status: oneOrMany(filter).optional(),
});

/** GET …/projects/{p}/payloads: the Message tab's list, by stage chips, status filter words and name. */
export const payloadListQuery = candidacyListQuery.extend(payloadStatusQuery.shape);
export type PayloadListQuery = z.infer<typeof payloadListQuery>;

/** The filter words a list query names, whichever spelling it used. */
export function statusFilter(query: PayloadListQuery) {
  return [...new Set([...(query["by_status[]"] ?? []), ...(query.by_status ?? [])])];
}
