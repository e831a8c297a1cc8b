import type { AccessTokens } from "./access-tokens.ts";
import { draftHeadersOf } from "./draft-headers.ts";
import { GraphApi, type GraphMessage, graphMessage } from "./graph-api.ts";
import { MailSendError } from "./mail-send-error.ts";
import type { SentMessage, SequenceMailTransport } from "./mail-transport.ts";
import { MailboxApiError, type MailboxBackoff } from "./mailbox-api-call.ts";
import { mailboxSendError } from "./mailbox-send-error.ts";

export const graphMessages = {
  draftDeleted: "The step's draft was deleted from the mailbox before it was sent.",
} as const;

/**
 * Sequence mail of a Microsoft 365 mailbox through Microsoft Graph: our composed message is
 * uploaded whole as a MIME draft (POST /me/messages), then sent (POST /me/messages/{id}/send).
 * MIME rather than a JSON message, because only MIME keeps what we composed: our Message-ID (which
 * recovery searches by, as `internetMessageId`), `List-Unsubscribe` (JSON drafts take only `X-`
 * headers) and the threading headers. Those headers are also how the step joins its thread: Exchange
 * files a message answering one of the mailbox's own into that conversation, and the candidate's
 * mail program threads by them, so `createReply` (which needs the earlier message's item id and
 * writes its own quoted body) is not needed.
 *
 * Our draft id is `<item id> <internetMessageId>`: once sent, Exchange deletes the draft and keeps
 * a copy with another id in Sent Items, so a send whose answer was lost is found by the Message-ID.
 */
export class GraphTransport implements SequenceMailTransport {
  readonly #api: GraphApi;

  constructor(tokens: AccessTokens, options: { apiUrl?: string; backoff?: MailboxBackoff } = {}) {
    this.#api = new GraphApi(tokens, options);
  }

  async createDraft(raw: Buffer, _options: { key: string }): Promise<{ draftId: string }> {
    try {
      const { messageId } = await draftHeadersOf(raw);
      // An earlier attempt whose draft was never recorded: answer its draft rather than a second one.
      const earlier = (await this.#api.messagesWithId(messageId)).find((message) => message.isDraft === true);
      if (earlier !== undefined) return { draftId: `${earlier.id} ${messageId}` };
      const draft = await this.#api.json(
        {
          method: "POST",
          path: "/me/messages",
          body: { contentType: "text/plain", text: raw.toString("base64") },
        },
        graphMessage,
      );
      return { draftId: `${draft.id} ${draft.internetMessageId ?? messageId}` };
    } catch (error) {
      throw mailboxSendError(error, "prepare");
    }
  }

  async sendDraft(draftId: string): Promise<SentMessage> {
    const { itemId, messageId } = parseDraftId(draftId);
    try {
      await this.#api.raw({ method: "POST", path: `/me/messages/${encodeURIComponent(itemId)}/send` });
    } catch (error) {
      if (error instanceof MailboxApiError && error.status === 404) {
        // Gone: sent by an attempt whose answer was lost, or deleted by a person.
        const sent = await this.#sentWithId(messageId).catch((failure: unknown) => {
          throw mailboxSendError(failure, "prepare");
        });
        if (sent !== undefined) return sent;
        throw new MailSendError("failed", graphMessages.draftDeleted);
      }
      throw mailboxSendError(error, "send");
    }
    // Exchange copies the message into Sent Items as it sends it; until the copy shows, the draft's
    // id stands for it.
    const copy = await this.#sentWithId(messageId).catch(() => undefined);
    return copy ?? { messageId, providerId: itemId, sentAt: new Date() };
  }

  async #sentWithId(messageId: string): Promise<SentMessage | undefined> {
    const copy = (await this.#api.messagesWithId(messageId)).find((message) => message.isDraft === false);
    return copy === undefined ? undefined : sentMessageOf(copy, messageId);
  }

  async findSent(query: { messageId: string } | { key: string }): Promise<SentMessage | undefined> {
    // Exchange keeps no key of ours: a draft made under a key is found by its Message-ID in createDraft.
    if (!("messageId" in query)) return undefined;
    try {
      return await this.#sentWithId(query.messageId);
    } catch (error) {
      throw mailboxSendError(error, "prepare");
    }
  }

  async draftExists(draftId: string): Promise<boolean> {
    const { itemId, messageId } = parseDraftId(draftId);
    try {
      const draft = await this.#api.json(
        { path: `/me/messages/${encodeURIComponent(itemId)}?$select=id,isDraft` },
        graphMessage,
      );
      return draft.isDraft !== false;
    } catch (error) {
      if (!(error instanceof MailboxApiError && error.status === 404)) throw mailboxSendError(error, "prepare");
    }
    // Sent already, its answer lost: still "there" for sendDraft, which answers the sent copy.
    try {
      return (await this.#sentWithId(messageId)) !== undefined;
    } catch (error) {
      throw mailboxSendError(error, "prepare");
    }
  }
}

function parseDraftId(draftId: string): { itemId: string; messageId: string } {
  const space = draftId.indexOf(" ");
  if (space <= 0) throw new MailSendError("failed", "The draft id does not name a Microsoft 365 draft.");
  return { itemId: draftId.slice(0, space), messageId: draftId.slice(space + 1) };
}

function sentMessageOf(message: GraphMessage, messageId: string): SentMessage {
  return {
    messageId: message.internetMessageId ?? messageId,
    providerId: message.id,
    ...(message.conversationId ? { threadId: message.conversationId } : {}),
    sentAt: message.sentDateTime ? new Date(message.sentDateTime) : new Date(),
  };
}
