import { z } from "zod";
import { listQuery } from "../lists.ts";
import { text } from "../text.ts";
import { incomingKinds } from "./message-rows.ts";

/** GET /local_mailbox/messages: `to`, `from`, `search_by` (subject and addresses), `limit`, `page`. */
export const localMailboxQuery = listQuery
  .extend({
    to: text().max(320).optional(),
    from: text().max(320).optional(),
  })
  .strict();
export type LocalMailboxQuery = z.infer<typeof localMailboxQuery>;

/** A message the local mailbox keeps, as the list and the screen show it. */
export const localMailboxMessage = z.object({
  id: z.uuid(),
  message_id: z.string(),
  in_reply_to: z.string().nullable(),
  references: z.array(z.string()),
  from: z.string(),
  to: z.string(),
  subject: z.string(),
  /** Sanitised. */
  html: z.string(),
  text: z.string(),
  sent_at: z.string(),
});
export type LocalMailboxMessage = z.infer<typeof localMailboxMessage>;

/** The raw message POST /local_mailbox/inbound takes: at most this many bytes. */
export const inboundLimitBytes = 10 * 1024 * 1024;

/** POST /local_mailbox/inbound's body: the bytes of one whole RFC 5322 message, which the mail parser reads. */
export const inboundMessageBody = z
  .instanceof(Uint8Array)
  .refine((bytes) => bytes.length > 0, { error: "The body must be one whole RFC 5322 message" });

/** What POST /local_mailbox/inbound answers (202): what the message was taken for, and the run it concerns. */
export const inboundAnswer = z.object({
  data: z.object({
    type: z.literal("inbound"),
    attributes: z.object({ kind: z.enum(incomingKinds), processor_id: z.uuid().optional() }),
  }),
});
export type InboundAnswer = z.infer<typeof inboundAnswer>;

/** POST /local_mailbox/messages/{id}/reply: the candidate's answer, as plain text. */
export const candidateReplyAttributes = z
  .object({ body: text().min(1, { error: "This field is required" }).max(20_000) })
  .strict();
