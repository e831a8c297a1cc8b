import { simpleParser } from "mailparser";
import { MailSendError } from "./mail-send-error.ts";

/** What a mailbox transport reads of a step's message before drafting it. */
export interface DraftHeaders {
  /** Our Message-ID, with angle brackets. */
  messageId: string;
  /** The earlier messages of the thread it answers, the one it answers last (with angle brackets). */
  thread: string[];
}

export async function draftHeadersOf(raw: Buffer): Promise<DraftHeaders> {
  const mail = await simpleParser(raw, { skipHtmlToText: true, skipTextToHtml: true, skipImageLinks: true });
  if (mail.messageId === undefined) throw new MailSendError("failed", "A draft needs a Message-ID.");
  const references = mail.references === undefined ? [] : [mail.references].flat();
  const inReplyTo = mail.inReplyTo === undefined ? [] : [mail.inReplyTo];
  return { messageId: mail.messageId, thread: [...new Set([...references, ...inReplyTo])] };
}
