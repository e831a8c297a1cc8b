import { type ParsedMail, simpleParser } from "mailparser";
import { headerText, withoutTypePrefix } from "./parsed-headers.ts";

export interface Bounce {
  /** The RFC 3463 status, `5.1.1`; absent when the bounce is not a delivery-status report. */
  status?: string;
  /** What the receiving server said, or the bounce's own words. */
  diagnostic?: string;
  recipient?: string;
  /** The Message-ID of the message that bounced, when the bounce names it. */
  originalMessageId?: string;
}

/** One recipient's fields of a delivery-status report. */
interface RecipientStatus {
  action: string;
  status?: string;
  diagnostic?: string;
  recipient?: string;
}

/**
 * The fields of a `message/delivery-status` part (RFC 3464): a block of per-message fields, then one
 * block per recipient, each a header block, so each is read by the mail parser itself.
 */
async function recipientStatuses(report: Buffer): Promise<RecipientStatus[]> {
  const statuses: RecipientStatus[] = [];
  let rest = (await simpleParser(report)).text ?? "";
  while (rest.trim() !== "") {
    const block = await simpleParser(rest.trimStart());
    const action = headerText(block, "action")?.toLowerCase();
    if (action !== undefined) {
      const status = headerText(block, "status");
      const diagnostic = withoutTypePrefix(headerText(block, "diagnostic-code"));
      const recipient = withoutTypePrefix(
        headerText(block, "final-recipient") ?? headerText(block, "original-recipient"),
      );
      statuses.push({
        action,
        ...(status === undefined ? {} : { status }),
        ...(diagnostic === undefined ? {} : { diagnostic }),
        ...(recipient === undefined ? {} : { recipient }),
      });
    }
    const next = block.text ?? "";
    if (next.length >= rest.length) break;
    rest = next;
  }
  return statuses;
}

/** The bounced message's Message-ID, from the returned message or its headers. */
async function originalMessageIdOf(mail: ParsedMail): Promise<string | undefined> {
  const original = mail.attachments.find(
    (part) => part.contentType === "message/rfc822" || part.contentType === "text/rfc822-headers",
  );
  if (original === undefined) return undefined;
  return (await simpleParser(original.content)).messageId;
}

/**
 * Reads a `multipart/report; report-type=delivery-status`. A report whose recipients all were
 * delivered, relayed, expanded or only delayed is no bounce: `undefined`.
 */
export async function readDeliveryStatusReport(mail: ParsedMail): Promise<Bounce | undefined> {
  const report = mail.attachments.find((part) => part.contentType === "message/delivery-status");
  if (report === undefined) return undefined;
  const failed = (await recipientStatuses(report.content)).find((status) => status.action === "failed");
  if (failed === undefined) return undefined;
  const originalMessageId = (await originalMessageIdOf(mail)) ?? mail.inReplyTo;
  return {
    ...(failed.status === undefined ? {} : { status: failed.status }),
    ...(failed.diagnostic === undefined ? {} : { diagnostic: failed.diagnostic }),
    ...(failed.recipient === undefined ? {} : { recipient: failed.recipient }),
    ...(originalMessageId === undefined ? {} : { originalMessageId }),
  };
}

/**
 * A bounce in the form of a plain message (Gmail, Exim and older servers): the failed address from
 * `X-Failed-Recipients`, the bounced message from the returned copy or from In-Reply-To.
 */
export async function readPlainBounce(mail: ParsedMail): Promise<Bounce> {
  const recipient = headerText(mail, "x-failed-recipients")?.split(",")[0]?.trim();
  const originalMessageId = (await originalMessageIdOf(mail)) ?? mail.inReplyTo;
  const diagnostic = mail.text?.trim().slice(0, 1000);
  return {
    ...(diagnostic === undefined || diagnostic === "" ? {} : { diagnostic }),
    ...(recipient === undefined || recipient === "" ? {} : { recipient }),
    ...(originalMessageId === undefined ? {} : { originalMessageId }),
  };
}
