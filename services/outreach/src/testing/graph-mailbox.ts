import { randomBytes, randomUUID } from "node:crypto";
import { messageIdsIn, rawHeader } from "./raw-headers.ts";

export type GraphFolder = "inbox" | "drafts" | "sentitems";

/** A message of the test Microsoft 365 mailbox, as Exchange keeps one. */
export interface GraphStoredMessage {
  id: string;
  folder: GraphFolder;
  raw: Buffer;
  internetMessageId: string;
  conversationId: string;
  subject: string;
  createdDateTime: string;
  receivedDateTime: string;
  sentDateTime: string | null;
  /** When it last changed, in the mailbox's change order (what a delta query follows). */
  changed: number;
}

const graphId = () => `AAMkAGI2${randomBytes(30).toString("base64url")}`;

/** The state of one Exchange mailbox: its folders' messages, drafts, and delta tokens. */
export class GraphMailbox {
  readonly messages = new Map<string, GraphStoredMessage>();
  /** What left the mailbox, in the order it was sent. */
  readonly sent: GraphStoredMessage[] = [];
  #changes = 0;
  /** Delta token → the change it was issued at and the window it follows. */
  readonly deltaTokens = new Map<string, { changed: number; since: string }>();

  readonly address: string;

  constructor(address: string) {
    this.address = address;
  }

  get changes(): number {
    return this.#changes;
  }

  #add(raw: Buffer, folder: GraphFolder, fields: { conversationId?: string; sentDateTime?: string | null } = {}) {
    this.#changes += 1;
    const now = new Date().toISOString();
    const message: GraphStoredMessage = {
      id: graphId(),
      folder,
      raw,
      internetMessageId: rawHeader(raw, "message-id") ?? `<${randomUUID()}@${this.address.split("@")[1]}>`,
      conversationId:
        fields.conversationId ?? this.#conversationOf(raw) ?? `AAQkAGI2${randomBytes(12).toString("base64url")}`,
      subject: rawHeader(raw, "subject") ?? "",
      createdDateTime: now,
      receivedDateTime: now,
      sentDateTime: fields.sentDateTime ?? (folder === "inbox" ? now : null),
      changed: this.#changes,
    };
    this.messages.set(message.id, message);
    return message;
  }

  /** Exchange files a message into the conversation of the one it answers. */
  #conversationOf(raw: Buffer): string | undefined {
    const earlier = [...messageIdsIn(rawHeader(raw, "in-reply-to")), ...messageIdsIn(rawHeader(raw, "references"))];
    const known = [...this.messages.values()];
    return earlier
      .map((id) => known.find((message) => message.internetMessageId === id)?.conversationId)
      .find((conversation) => conversation !== undefined);
  }

  receive(raw: Buffer): GraphStoredMessage {
    return this.#add(raw, "inbox");
  }

  createDraft(raw: Buffer): GraphStoredMessage {
    return this.#add(raw, "drafts");
  }

  /** Sends a draft: the draft goes, and a copy with a new id is kept in Sent Items. */
  send(id: string): GraphStoredMessage | undefined {
    const draft = this.messages.get(id);
    if (draft === undefined || draft.folder !== "drafts") return undefined;
    this.messages.delete(id);
    const copy = this.#add(draft.raw, "sentitems", {
      conversationId: draft.conversationId,
      sentDateTime: new Date().toISOString(),
    });
    this.sent.push(copy);
    return copy;
  }

  /** A delta token for the inbox as of change `changed`, following messages received since `since`. */
  issueDeltaToken(since: string, changed: number): string {
    const token = randomBytes(24).toString("base64url");
    this.deltaTokens.set(token, { changed, since });
    return token;
  }
}
