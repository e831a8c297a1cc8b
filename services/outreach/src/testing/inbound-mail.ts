import { readFileSync } from "node:fs";
import MailComposer from "nodemailer/lib/mail-composer";

/** For tests of incoming mail: an answer on a thread, as a mail program (or an autoresponder) would send it. */
export function answerMail(options: {
  from: string;
  to: string;
  subject: string;
  text: string;
  messageId: string;
  inReplyTo: string;
  headers?: Record<string, string>;
}): Promise<Buffer> {
  const { inReplyTo, headers, ...rest } = options;
  return new MailComposer({ ...rest, inReplyTo, references: [inReplyTo], ...(headers ? { headers } : {}) })
    .compile()
    .build();
}

/** A real mail server's delivery-status report (Postfix's) for `originalMessageId`, sent to `to`. */
export function bounceReport(options: { to: string; originalMessageId: string }): string {
  return readFileSync(new URL("../inbound/fixtures/postfix-dsn.eml", import.meta.url), "utf8")
    .replaceAll("grace@recruiting.example", options.to)
    .replace("<0b5a2c44-4f5e-4d7a-9d0e-3a1f2b6c7d8e@mail.hirestream.example>", options.originalMessageId);
}
