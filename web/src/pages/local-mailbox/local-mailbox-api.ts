import {
  type InboundAnswer,
  inboundAnswer,
  type LocalMailboxMessage,
  localMailboxMessage,
} from "@hirestream/contracts/mailbox/local-mailbox.ts";
import { z } from "zod";
import { apiRequest } from "../../api/api-client.ts";

const listAnswer = z.object({
  data: z.array(z.object({ id: z.uuid(), attributes: localMailboxMessage.omit({ id: true }) })),
  meta: z.object({ pages: z.object({ current: z.number(), total: z.number() }), total: z.number() }),
});

const builtReply = z.object({ data: z.object({ attributes: z.object({ raw: z.string() }) }) });

export interface MailPage {
  messages: LocalMailboxMessage[];
  page: number;
  pages: number;
  total: number;
}

/** GET /local_mailbox/messages: what the local credentials of the user's workspaces sent, newest first. */
export async function listLocalMail(query: { search_by?: string; page: number; limit: number }): Promise<MailPage> {
  const answer = listAnswer.parse(
    await apiRequest("/local_mailbox/messages", {
      query: { page: query.page, limit: query.limit, ...(query.search_by ? { search_by: query.search_by } : {}) },
    }),
  );
  return {
    messages: answer.data.map(({ id, attributes }) => ({ id, ...attributes })),
    page: answer.meta.pages.current,
    pages: answer.meta.pages.total,
    total: answer.meta.total,
  };
}

/**
 * 'Reply as candidate': the server builds the candidate's answer as a mail program would (RFC 5322,
 * threaded on the message), and it is delivered through the same inbound call outside mail takes.
 */
export async function replyAsCandidate(messageId: string, body: string): Promise<InboundAnswer> {
  const built = builtReply.parse(
    await apiRequest(`/local_mailbox/messages/${messageId}/candidate_reply`, { method: "POST", body: { body } }),
  );
  return inboundAnswer.parse(
    await apiRequest("/local_mailbox/inbound", {
      method: "POST",
      rawBody: { contentType: "message/rfc822", content: built.data.attributes.raw },
    }),
  );
}
