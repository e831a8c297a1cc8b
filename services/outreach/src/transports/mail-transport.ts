export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  /** Names the message across attempts: a transport that can tell sends each key at most once. */
  key?: string;
}

/** Where mail leaves the system. `local` keeps it in Postgres; gmail, graph and smtp follow. */
export interface MailTransport {
  send(mail: OutgoingMail): Promise<{ id: string }>;
}

/** A sequence step's message as the mailbox sent it. */
export interface SentMessage {
  /** The RFC 5322 Message-ID it went out with (Gmail replaces ours: this is the one it set). */
  messageId: string;
  /** The mailbox's own id for it (Gmail message id, Graph item id, our draft id). */
  providerId: string;
  /** The mailbox's thread, where it keeps threads (Gmail). */
  threadId?: string;
  sentAt: Date;
}

/**
 * Sequence mail, sent exactly once per step whatever crashes: the caller records an event after each
 * call, and on recovery asks the mailbox what became of the step.
 *
 * 1. `findSent({ key })`, then `createDraft(raw, { key })` → record the draft id (step drafted).
 * 2. `sendDraft(draftId)` → record the sent message (step sent).
 * Recovering with a recorded draft: `findSent` first; if sent, record it; else if `draftExists`,
 * `sendDraft`; else the draft was removed unsent (a person deleted it): the step failed.
 * Recovering without one: `findSent({ key })` or `findSent({ messageId })`, else start at 1.
 * Gmail and Graph fit the same calls: drafts.create / createDraft, drafts.send / send, and a search
 * by `rfc822msgid:` / `internetMessageId`.
 */
export interface SequenceMailTransport {
  /**
   * Stores `raw` (RFC 5322) unsent. A second call with the same key answers the same draft (`local`
   * and `smtp` keep the key; a mailbox that cannot must find the draft by its Message-ID, or leave an
   * orphan draft that nothing sends). Derive the Message-ID from the key, so that `findSent` by
   * Message-ID works for a step whose draft id was never recorded.
   */
  createDraft(raw: Buffer, options: { key: string }): Promise<{ draftId: string }>;
  /**
   * Sends a draft. A draft already sent answers its sent message and sends nothing. Throws a
   * `MailSendError` saying whether a retry may send it (`retry`), it will never go (`failed`), or
   * nobody can tell whether it went (`uncertain`, never sent again automatically).
   */
  sendDraft(draftId: string): Promise<SentMessage>;
  findSent(query: { messageId: string } | { key: string }): Promise<SentMessage | undefined>;
  /** Whether the draft is still there unsent (or, for `smtp`, its send still unresolved). */
  draftExists(draftId: string): Promise<boolean>;
}
