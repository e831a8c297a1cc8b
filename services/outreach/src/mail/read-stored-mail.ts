import { type AddressObject, simpleParser } from "mailparser";
import { sanitizeEmailHtml } from "./sanitize-email-html.ts";

export interface StoredMail {
  messageId: string;
  inReplyTo: string | null;
  /** Oldest first. */
  references: string[];
  /** As the headers write them (`Name <address>`). */
  from: string;
  to: string;
  /** The first address of each, for answering. */
  fromAddress: string;
  toAddress: string;
  subject: string;
  /** Sanitised. */
  html: string;
  text: string;
}

const listOf = (field: AddressObject | AddressObject[] | undefined) =>
  field === undefined ? [] : Array.isArray(field) ? field : [field];

/** A message the server sent, read back by the mail parser for showing and answering it. */
export async function readStoredMail(raw: string | Buffer): Promise<StoredMail> {
  const mail = await simpleParser(raw);
  const references =
    mail.references === undefined ? [] : Array.isArray(mail.references) ? mail.references : [mail.references];
  const from = listOf(mail.from);
  const to = listOf(mail.to);
  return {
    messageId: mail.messageId ?? "",
    inReplyTo: mail.inReplyTo ?? null,
    references,
    from: from.map((each) => each.text).join(", "),
    to: to.map((each) => each.text).join(", "),
    fromAddress: from.flatMap((each) => each.value).find((entry) => entry.address)?.address ?? "",
    toAddress: to.flatMap((each) => each.value).find((entry) => entry.address)?.address ?? "",
    subject: mail.subject ?? "",
    html: typeof mail.html === "string" ? sanitizeEmailHtml(mail.html) : "",
    text: mail.text ?? "",
  };
}
