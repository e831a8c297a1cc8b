import { DomainError } from "@hirestream/contracts/errors.ts";
import MailComposer from "nodemailer/lib/mail-composer";
import { emailHtmlToText, sanitizeEmailHtml } from "../sanitize-email-html.ts";

export interface MailAddress {
  address: string;
  name?: string;
}

/** The steps already sent on this processor's thread, oldest first. */
export interface PreviousSteps {
  /** Their Message-IDs as sent (with angle brackets), oldest first. */
  messageIds: string[];
  /** The subject line the last of them went out with. */
  subject: string;
}

export interface StepMessage {
  from: MailAddress;
  to: MailAddress;
  /**
   * The step's rendered subject. On a later step an empty (or blank) subject means "reply in
   * thread": the message goes out as `Re: <previous subject>`. A first step must set one.
   */
  subject: string;
  /** The step's rendered body (variables already filled and escaped). */
  html: string;
  /** Appended below the body when given (the step has `has_provider_signature` and the credential a signature). */
  signatureHtml?: string;
  /** Absent for a first step. */
  previous?: PreviousSteps;
  /** The Message-ID we choose, from `newMessageId`. */
  messageId: string;
  date: Date;
}

export interface ComposedStepMessage {
  /** The whole RFC 5322 message. */
  raw: Buffer;
  messageId: string;
  subject: string;
  html: string;
  text: string;
  inReplyTo?: string;
  references: string[];
}

/** `<id@domain>`: `id` names the step across attempts, `domain` is ours (configuration). */
export function newMessageId(id: string, domain: string): string {
  return `<${id}@${domain}>`;
}

/** `Re: <subject>`, without stacking a second `Re:` on a subject that has one. */
export function replySubject(subject: string): string {
  return /^re:/i.test(subject.trim()) ? subject.trim() : `Re: ${subject.trim()}`;
}

/**
 * A later step replies on the thread: with no subject of its own, or with the one the thread began
 * with, it goes out as `Re: <previous subject>`, as a person answering their own mail would.
 */
function subjectOf(step: StepMessage): string {
  const own = step.subject.trim();
  if (step.previous === undefined) {
    if (own === "") throw new DomainError("VALIDATION", "This field is required", "template_subject");
    return own;
  }
  const previous = step.previous.subject;
  const bare = (subject: string) =>
    subject
      .trim()
      .replace(/^re:\s*/i, "")
      .toLowerCase();
  if (own === "" || bare(own) === bare(previous)) return replySubject(previous);
  return own;
}

/**
 * Builds a sequence step's message: sanitised HTML with a plain-text alternative, the signature
 * appended, threaded on the previous steps (In-Reply-To the last, References all of them).
 */
export async function composeStepMessage(step: StepMessage): Promise<ComposedStepMessage> {
  const body = step.signatureHtml === undefined ? step.html : `${step.html}<br>${step.signatureHtml}`;
  const html = sanitizeEmailHtml(body);
  // The text part's lines end in CRLF as RFC 5322 wants: given bare LFs, the encoder keeps them and
  // wraps nothing, leaving lines far over SMTP's 998.
  const text = emailHtmlToText(html).replace(/\r?\n/g, "\r\n");
  const subject = subjectOf(step);
  const references = step.previous?.messageIds ?? [];
  const inReplyTo = references.at(-1);
  const composer = new MailComposer({
    from: step.from,
    to: step.to,
    subject,
    html,
    text,
    messageId: step.messageId,
    date: step.date,
    ...(inReplyTo === undefined ? {} : { inReplyTo, references }),
  });
  const raw = await composer.compile().build();
  return {
    raw,
    messageId: step.messageId,
    subject,
    html,
    text,
    ...(inReplyTo === undefined ? {} : { inReplyTo }),
    references,
  };
}
