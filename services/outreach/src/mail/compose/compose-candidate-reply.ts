import MailComposer from "nodemailer/lib/mail-composer";
import { replySubject } from "./compose-step-message.ts";

/** The message a candidate answers, as the local mailbox keeps it. */
export interface AnsweredMessage {
  messageId: string;
  references: string[];
  /** Who sent it: the reply goes there. */
  from: string;
  /** Who received it: the reply comes from there. */
  to: string;
  subject: string;
}

/**
 * A candidate's plain-text answer to a message, as their mail program would send it: from the
 * address it reached, to its sender, `Re:` its subject, In-Reply-To it and References its thread.
 * Built by the mail composer, so every header is encoded and folded as RFC 5322 wants.
 */
export async function composeCandidateReply(options: {
  answered: AnsweredMessage;
  body: string;
  messageId: string;
  date: Date;
}): Promise<Buffer> {
  const { answered, body, messageId, date } = options;
  const references = [...answered.references.filter((id) => id !== answered.messageId), answered.messageId];
  const composer = new MailComposer({
    from: answered.to,
    to: answered.from,
    subject: replySubject(answered.subject),
    text: body.replace(/\r?\n/g, "\r\n"),
    messageId,
    date,
    inReplyTo: answered.messageId,
    references,
  });
  return composer.compile().build();
}
