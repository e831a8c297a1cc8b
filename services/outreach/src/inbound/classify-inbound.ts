import { type AddressObject, simpleParser } from "mailparser";
import { sanitizeEmailHtml } from "../mail/sanitize-email-html.ts";
import { hasBounceSubject, isAutomatic, isFromMailSystem } from "./automatic-mail.ts";
import { type Bounce, readDeliveryStatusReport, readPlainBounce } from "./delivery-status.ts";
import { headerParameter, headerText } from "./parsed-headers.ts";
import { asksToStop } from "./stop-request.ts";

export type InboundKind = "reply" | "auto_reply" | "bounce";

export interface InboundMessage {
  kind: InboundKind;
  messageId?: string;
  inReplyTo?: string;
  /** Oldest first, as the References header lists them. */
  references: string[];
  from?: string;
  to: string[];
  subject: string;
  /** Sanitised for showing in the app; the text part (or the HTML's text) in `text`. */
  html?: string;
  text: string;
  /** The text part as sanitised HTML paragraphs, for a message that has no HTML of its own. */
  textAsHtml?: string;
  sentAt?: Date;
  bounce?: Bounce;
  /** A reply whose own words ask to hear no more (stop-request.ts): the address opts out. */
  asksToStop: boolean;
}

function addresses(field: AddressObject | AddressObject[] | undefined): string[] {
  const objects = field === undefined ? [] : Array.isArray(field) ? field : [field];
  return objects.flatMap((object) => object.value.flatMap((entry) => (entry.address ? [entry.address] : [])));
}

/**
 * What an incoming message is, read by the mail parser from the message itself, for every transport:
 * - `bounce`: a delivery-status report (RFC 3464) with a failed recipient, or a plain message from
 *   MAILER-DAEMON or postmaster whose subject is a known bounce notice;
 * - `auto_reply`: anything else sent by a program (see `isAutomatic`), including reports of delayed or
 *   successful delivery and other mail-system notices: recorded, never counted as an answer;
 * - `reply`: everything else; `asksToStop` when its own words (not what it quotes) ask us to stop
 *   mailing (stop-request.ts).
 * Which processor it belongs to is the caller's question, answered from `inReplyTo`, `references`
 * and, for a bounce, `bounce.originalMessageId`.
 */
export async function classifyInbound(raw: Buffer | string): Promise<InboundMessage> {
  // Reports and returned messages stay parts of their own, to be read below, not folded into the text.
  const mail = await simpleParser(raw, { keepDeliveryStatus: true, ignoreEmbedded: true });
  const references =
    mail.references === undefined ? [] : Array.isArray(mail.references) ? mail.references : [mail.references];
  const isReport =
    headerText(mail, "content-type") === "multipart/report" &&
    headerParameter(mail, "content-type", "report-type") === "delivery-status";

  let kind: InboundKind;
  let bounce: Bounce | undefined;
  if (isReport) bounce = await readDeliveryStatusReport(mail);
  else if (isFromMailSystem(mail) && hasBounceSubject(mail)) bounce = await readPlainBounce(mail);
  if (bounce !== undefined) kind = "bounce";
  else if (isReport || isFromMailSystem(mail) || isAutomatic(mail)) kind = "auto_reply";
  else kind = "reply";

  const html = typeof mail.html === "string" ? sanitizeEmailHtml(mail.html) : undefined;
  const textAsHtml = mail.textAsHtml === undefined ? undefined : sanitizeEmailHtml(mail.textAsHtml);
  const from = addresses(mail.from)[0];
  const text = mail.text ?? "";
  return {
    kind,
    ...(mail.messageId === undefined ? {} : { messageId: mail.messageId }),
    ...(mail.inReplyTo === undefined ? {} : { inReplyTo: mail.inReplyTo }),
    references,
    ...(from === undefined ? {} : { from }),
    to: addresses(mail.to),
    subject: mail.subject ?? "",
    ...(html === undefined ? {} : { html }),
    text,
    ...(textAsHtml === undefined ? {} : { textAsHtml }),
    ...(mail.date === undefined ? {} : { sentAt: mail.date }),
    ...(bounce === undefined ? {} : { bounce }),
    asksToStop: kind === "reply" && asksToStop(text),
  };
}
