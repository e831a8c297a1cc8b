import type { AccessTokens } from "./access-tokens.ts";
import { draftHeadersOf } from "./draft-headers.ts";
import { GmailApi, rfc822msgid } from "./gmail-api.ts";
import { MailSendError } from "./mail-send-error.ts";
import type { SentMessage, SequenceMailTransport } from "./mail-transport.ts";
import { MailboxApiError, type MailboxBackoff } from "./mailbox-api-call.ts";
import { mailboxSendError } from "./mailbox-send-error.ts";

export const gmailMessages = {
  draftDeleted: "The step's draft was deleted from the mailbox before it was sent.",
  noDraftId: "Gmail answered a draft without its id.",
} as const;

const notFound = (error: unknown) => error instanceof MailboxApiError && error.status === 404;

/**
 * Sequence mail of a Gmail mailbox: users.drafts.create with our composed message, then
 * users.drafts.send. A later step joins the Gmail thread of the step it answers (Gmail threads a
 * draft only when given the thread's id, its References and In-Reply-To, and a matching subject):
 * the thread is found by the answered message's Message-ID (`rfc822msgid:`).
 *
 * Gmail may set its own Message-ID on what it sends (DESIGN.md), so the Message-ID we composed
 * finds a draft (whose headers Gmail keeps as given) but not always its sent message. Our draft id
 * is therefore `<draft id> <message id>`: sending a draft keeps its message's id, so a send whose
 * answer was lost is found by that id (labelled SENT), whatever Message-ID it went out with.
 */
export class GmailTransport implements SequenceMailTransport {
  readonly #api: GmailApi;

  constructor(tokens: AccessTokens, options: { apiUrl?: string; backoff?: MailboxBackoff } = {}) {
    this.#api = new GmailApi(tokens, options);
  }

  async createDraft(raw: Buffer, _options: { key: string }): Promise<{ draftId: string }> {
    const drafts = this.#api.users.drafts;
    try {
      const { messageId, thread } = await draftHeadersOf(raw);
      // An earlier attempt whose draft was never recorded: answer its draft rather than a second one.
      const earlier = await this.#api.call((options) =>
        drafts.list({ userId: "me", q: rfc822msgid(messageId), maxResults: 1 }, options),
      );
      const found = earlier.drafts?.[0];
      if (found?.id && found.message?.id) return { draftId: `${found.id} ${found.message.id}` };
      const threadId = await this.#threadOf(thread);
      const draft = await this.#api.call((options) =>
        drafts.create(
          {
            userId: "me",
            requestBody: { message: { raw: raw.toString("base64url"), ...(threadId ? { threadId } : {}) } },
          },
          options,
        ),
      );
      if (!draft.id || !draft.message?.id) throw new MailSendError("retry", gmailMessages.noDraftId);
      return { draftId: `${draft.id} ${draft.message.id}` };
    } catch (error) {
      throw mailboxSendError(error, "prepare");
    }
  }

  /** The Gmail thread of the latest earlier message found in the mailbox, if any. */
  async #threadOf(earlier: string[]): Promise<string | undefined> {
    for (const messageId of [...earlier].reverse()) {
      const found = await this.#api.call((options) =>
        this.#api.users.messages.list({ userId: "me", q: rfc822msgid(messageId), maxResults: 1 }, options),
      );
      const threadId = found.messages?.[0]?.threadId;
      if (threadId) return threadId;
    }
    return undefined;
  }

  async sendDraft(draftId: string): Promise<SentMessage> {
    const ids = parseDraftId(draftId);
    let sentId: string;
    try {
      const sent = await this.#api.call((options) =>
        this.#api.users.drafts.send({ userId: "me", requestBody: { id: ids.draftId } }, options),
      );
      sentId = sent.id ?? ids.messageId;
    } catch (error) {
      if (!notFound(error)) throw mailboxSendError(error, "send");
      // Gone: sent by an attempt whose answer was lost, or deleted by a person.
      const earlier = await this.#sentMessage(ids.messageId);
      if (earlier !== undefined) return earlier;
      throw new MailSendError("failed", gmailMessages.draftDeleted);
    }
    // The Message-ID it went out with. Should this read fail, a retry finds the draft gone and its
    // message sent, and answers it without sending again.
    const sent = await this.#sentMessage(sentId);
    if (sent === undefined) throw new MailSendError("retry", "Gmail does not show the message it just sent yet.");
    return sent;
  }

  /** The message with this Gmail id if it was sent; undefined if it is not (or no longer) there. */
  async #sentMessage(id: string): Promise<SentMessage | undefined> {
    try {
      const message = await this.#api.call((options) =>
        this.#api.users.messages.get(
          { userId: "me", id, format: "metadata", metadataHeaders: ["Message-ID"] },
          options,
        ),
      );
      const messageId = message.payload?.headers?.find((header) => header.name?.toLowerCase() === "message-id")?.value;
      if (!message.labelIds?.includes("SENT") || !messageId || !message.id) return undefined;
      return {
        messageId,
        providerId: message.id,
        ...(message.threadId ? { threadId: message.threadId } : {}),
        sentAt: new Date(Number(message.internalDate ?? Date.now())),
      };
    } catch (error) {
      if (notFound(error)) return undefined;
      throw mailboxSendError(error, "prepare");
    }
  }

  async findSent(query: { messageId: string } | { key: string }): Promise<SentMessage | undefined> {
    // Gmail keeps no key of ours: a draft made under a key is found by its Message-ID in createDraft.
    if (!("messageId" in query)) return undefined;
    try {
      const found = await this.#api.call((options) =>
        this.#api.users.messages.list(
          { userId: "me", q: `${rfc822msgid(query.messageId)} in:sent`, maxResults: 1 },
          options,
        ),
      );
      const id = found.messages?.[0]?.id;
      return id ? await this.#sentMessage(id) : undefined;
    } catch (error) {
      throw mailboxSendError(error, "prepare");
    }
  }

  async draftExists(draftId: string): Promise<boolean> {
    const ids = parseDraftId(draftId);
    try {
      await this.#api.call((options) =>
        this.#api.users.drafts.get({ userId: "me", id: ids.draftId, format: "minimal" }, options),
      );
      return true;
    } catch (error) {
      if (!notFound(error)) throw mailboxSendError(error, "prepare");
    }
    // Sent already, its answer lost: still "there" for sendDraft, which answers the sent message.
    return (await this.#sentMessage(ids.messageId)) !== undefined;
  }
}

function parseDraftId(draftId: string): { draftId: string; messageId: string } {
  const [gmailDraftId, messageId, ...rest] = draftId.split(" ");
  if (!gmailDraftId || !messageId || rest.length > 0) {
    throw new MailSendError("failed", "The draft id does not name a Gmail draft.");
  }
  return { draftId: gmailDraftId, messageId };
}
