import { randomUUID } from "node:crypto";
import type pg from "pg";
import type { MailTransport, OutgoingMail } from "./mail-transport.ts";

/** Renders a plain-text message as MIME. */
export function toMime(mail: OutgoingMail, id: string, date: Date): string {
  const header = (value: string) => value.replace(/[\r\n]+/g, " ");
  return [
    `Message-ID: <${id}@hirestream.local>`,
    `Date: ${date.toUTCString()}`,
    "From: Hirestream <no-reply@hirestream.local>",
    `To: ${header(mail.to)}`,
    `Subject: ${header(mail.subject)}`,
    "MIME-Version: 1.0",
    "Content-Type: text/plain; charset=utf-8",
    "Content-Transfer-Encoding: 8bit",
    "",
    mail.text,
  ].join("\r\n");
}

/**
 * The default transport on a fresh machine: stores each message in `local_mailbox`, under its key
 * when it has one, so a message sent again (a job retried after it had sent) is kept once.
 */
export class LocalTransport implements MailTransport {
  readonly #pool: pg.Pool;
  readonly #onSent: ((mail: OutgoingMail) => void) | undefined;

  constructor(pool: pg.Pool, onSent?: (mail: OutgoingMail) => void) {
    this.#pool = pool;
    this.#onSent = onSent;
  }

  async send(mail: OutgoingMail): Promise<{ id: string }> {
    const id = mail.key ?? randomUUID();
    const { rowCount } = await this.#pool.query(
      "insert into local_mailbox (id, to_address, subject, mime) values ($1, $2, $3, $4) on conflict (id) do nothing",
      [id, mail.to, mail.subject, toMime(mail, id, new Date())],
    );
    if (rowCount === 1) this.#onSent?.(mail);
    return { id };
  }
}
