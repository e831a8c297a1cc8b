import { DomainError } from "@hirestream/contracts/errors.ts";
import MailComposer from "nodemailer/lib/mail-composer";
import { OPT_OUT_LINE_START } from "../../inbound/stop-request.ts";
import { emailHtmlToText, sanitizeEmailHtml } from "../sanitize-email-html.ts";
import { buildMessage, messageBoundary } from "./build-message.ts";

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
  /**
   * The candidate's way out (RFC 8058): an https URL that takes a one-click POST and shows a page
   * with a confirm button on a GET. It goes in `List-Unsubscribe` and as a visible link.
   */
  optOutUrl?: string;
  /** The tracking pixel's URL, when the sequence tracks opens: a 1×1 image below the body. */
  pixelUrl?: string;
}

export interface ComposedStepMessage {
  /** The whole RFC 5322 message. */
  raw: Buffer;
  messageId: string;
  subject: string;
  /** The body as written (sanitised), without the pixel and the opt-out line the sent message adds. */
  html: string;
  /** The plain-text part as sent. */
  text: string;
  inReplyTo?: string;
  references: string[];
}

/** `<id@domain>`: `id` names the step across attempts, `domain` is ours (configuration). */
export function newMessageId(id: string, domain: string): string {
  return `<${id}@${domain}>`;
}

// The opt-out line is broken where HTML and plain text allow it (inside the tag, before the URL),
// so that with a short message every line stays within 76 characters: the composer then sends
// the parts as they are (7bit) instead of quoted-printable-encoding them, the dearest part of
// composing a step.

/** The visible opt-out line below every step (the HTML part); its words are README.md's. */
export function optOutHtml(url: string): string {
  return `<p>${OPT_OUT_LINE_START},\r\n<a href="${escapeAttribute(url)}"\r\n>opt out of these emails</a>.</p>`;
}

/** The same line in the plain-text part, with the address written out on a line of its own. */
export function optOutText(url: string): string {
  return `${OPT_OUT_LINE_START}, opt out of these emails:\n${url}`;
}

/**
 * The tracking pixel, on lines of its own (CRLF-ended, as RFC 5322 wants): the HTML part stays as
 * short-lined as the body was, and a mail program that shows no images shows nothing, not even an
 * empty frame (alt is empty).
 */
export function pixelHtml(url: string): string {
  return `\r\n<img\r\nsrc="${escapeAttribute(url)}"\r\nwidth="1" height="1" alt="" style="border:0">`;
}

const escapeAttribute = (value: string) =>
  value.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");

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
  const { optOutUrl, pixelUrl } = step;
  // `html` is the message as written, which the thread and the person's Messages show; what goes
  // out carries the pixel and the opt-out line below it.
  const html = sanitizeEmailHtml(body);
  // Pixel and line are our own markup around escaped URLs of ours: appended to the sanitised body as
  // they are, each starting a line of its own.
  const withPixel = pixelUrl === undefined ? html : `${html}${pixelHtml(pixelUrl)}`;
  const sentHtml =
    optOutUrl === undefined
      ? withPixel
      : `${withPixel}
${optOutHtml(optOutUrl)}`;
  // The text part's lines end in CRLF as RFC 5322 wants: given bare LFs, the encoder keeps them and
  // wraps nothing, leaving lines far over SMTP's 998.
  const ownText = emailHtmlToText(html);
  const text = (optOutUrl === undefined ? ownText : `${ownText}\n\n${optOutText(optOutUrl)}`).replace(/\r?\n/g, "\r\n");
  const subject = subjectOf(step);
  const references = step.previous?.messageIds ?? [];
  const inReplyTo = references.at(-1);
  const composer = new MailComposer({
    from: step.from,
    to: step.to,
    subject,
    html: sentHtml,
    text,
    messageId: step.messageId,
    date: step.date,
    baseBoundary: messageBoundary(),
    ...(inReplyTo === undefined ? {} : { inReplyTo, references }),
    // RFC 2369 and RFC 8058: mail clients show their own unsubscribe button and POST to the URL.
    // (The composer leaves nodemailer's `list` option to the transporter, so the headers are set here.)
    ...(optOutUrl === undefined
      ? {}
      : {
          headers: {
            "List-Unsubscribe": `<${optOutUrl}>`,
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
          },
        }),
  });
  const raw = await buildMessage(composer.compile());
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
