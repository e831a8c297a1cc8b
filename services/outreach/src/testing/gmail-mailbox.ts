import { randomBytes } from "node:crypto";
import { messageIdsIn, rawHeader, withMessageId } from "./raw-headers.ts";

/** A message of the test Gmail mailbox, as Gmail keeps one. */
export interface GmailStoredMessage {
  id: string;
  threadId: string;
  labelIds: string[];
  raw: Buffer;
  /** Its Message-ID header, with angle brackets. */
  messageId: string;
  internalDate: number;
  historyId: number;
}

interface HistoryRecord {
  id: number;
  message: { id: string; threadId: string; labelIds: string[] };
}

const gmailId = () => randomBytes(8).toString("hex");

/**
 * The state of one Gmail mailbox: messages with their labels and threads, drafts, and the history
 * of messages added (Gmail's `history.list`), which can be forgotten as Gmail forgets old history.
 */
export class GmailMailbox {
  readonly messages = new Map<string, GmailStoredMessage>();
  /** Draft id → the id of its message. */
  readonly drafts = new Map<string, string>();
  /** What left the mailbox, in the order it was sent, as it went out. */
  readonly sent: GmailStoredMessage[] = [];
  readonly #history: HistoryRecord[] = [];
  #historyId = 4_810_000 + Math.floor(Math.random() * 1000);
  /** History before this id is forgotten: a read starting before it gets a 404. */
  #forgottenBefore = 0;

  readonly address: string;
  /** Gmail sets its own Message-ID on what it sends (DESIGN.md): false keeps the one given. */
  readonly replacesMessageIds: boolean;

  constructor(address: string, replacesMessageIds: boolean) {
    this.address = address;
    this.replacesMessageIds = replacesMessageIds;
  }

  get historyId(): number {
    return this.#historyId;
  }

  #add(raw: Buffer, labelIds: string[], threadId: string | undefined): GmailStoredMessage {
    const id = gmailId();
    this.#historyId += 1;
    const message: GmailStoredMessage = {
      id,
      threadId: threadId ?? id,
      labelIds,
      raw,
      messageId: rawHeader(raw, "message-id") ?? `<${id}@mail.gmail.com>`,
      internalDate: Date.now(),
      historyId: this.#historyId,
    };
    this.messages.set(id, message);
    this.#history.push({ id: this.#historyId, message: { id, threadId: message.threadId, labelIds: [...labelIds] } });
    return message;
  }

  /** The thread of a message this one answers (its In-Reply-To or References), as Gmail threads received mail. */
  #threadOf(raw: Buffer): string | undefined {
    const earlier = [...messageIdsIn(rawHeader(raw, "in-reply-to")), ...messageIdsIn(rawHeader(raw, "references"))];
    return earlier.map((messageId) => this.byMessageId(messageId)?.threadId).find((thread) => thread !== undefined);
  }

  byMessageId(messageId: string): GmailStoredMessage | undefined {
    return [...this.messages.values()].find((message) => message.messageId === messageId);
  }

  /** Mail arriving from outside, into the inbox. */
  receive(raw: Buffer): GmailStoredMessage {
    return this.#add(raw, ["INBOX", "UNREAD"], this.#threadOf(raw));
  }

  /** A draft joins a thread only when given its id (Gmail does not thread drafts by their headers). */
  createDraft(raw: Buffer, threadId: string | undefined): { draftId: string; message: GmailStoredMessage } {
    const message = this.#add(raw, ["DRAFT"], threadId);
    const draftId = `r${BigInt(`0x${gmailId()}`).toString().slice(0, 18)}`;
    this.drafts.set(draftId, message.id);
    return { draftId, message };
  }

  /** Sends a draft: its message keeps its id, loses DRAFT for SENT, and goes out. */
  sendDraft(draftId: string): GmailStoredMessage | undefined {
    const messageId = this.drafts.get(draftId);
    const message = messageId === undefined ? undefined : this.messages.get(messageId);
    if (message === undefined) return undefined;
    this.drafts.delete(draftId);
    this.#historyId += 1;
    message.labelIds = ["SENT"];
    message.historyId = this.#historyId;
    if (this.replacesMessageIds) {
      message.messageId = `<CA${randomBytes(12).toString("base64url")}@mail.gmail.com>`;
      message.raw = withMessageId(message.raw, message.messageId);
    }
    this.#history.push({
      id: this.#historyId,
      message: { id: message.id, threadId: message.threadId, labelIds: ["SENT"] },
    });
    this.sent.push({ ...message });
    return message;
  }

  /** History after `startHistoryId`, or undefined when Gmail no longer has history that old. */
  historyAfter(startHistoryId: number): HistoryRecord[] | undefined {
    if (startHistoryId < this.#forgottenBefore || startHistoryId > this.#historyId) return undefined;
    return this.#history.filter((record) => record.id > startHistoryId);
  }

  /** Gmail forgot the history so far: only a read starting at the mailbox's historyId now still works. */
  forgetHistory(): void {
    this.#forgottenBefore = this.#historyId;
  }
}
