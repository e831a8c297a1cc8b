import type pg from "pg";
import { draftIsOpen, findSentDraft, readDraft, sentMessageOf, settledDraft, storeDraft } from "./mail-drafts.ts";
import { MailSendError } from "./mail-send-error.ts";
import type { SentMessage, SequenceMailTransport } from "./mail-transport.ts";

/** A message of a `local` credential to deliver: its id is the provider's id its record names. */
export interface LocalMessage {
  id: string;
  mailbox: string;
  key: string;
  raw: Buffer;
  messageId: string;
  from: string;
  to: string[];
  subject: string;
}

/**
 * Delivers many messages of `local` credentials at once, with no draft in between, through `db`:
 * a client inside the caller's transaction, which records the sends beside them, so a message is
 * delivered exactly when its send is recorded, at the transaction's `now()`. Each is kept as sent
 * under its mailbox and key, as `sendDraft` leaves a draft it sent, so `findSent` finds it; a key
 * kept already (an earlier attempt's draft) fails the statement, and with it the transaction.
 */
export async function deliverLocalMessages(
  db: Pick<pg.PoolClient, "query">,
  messages: readonly LocalMessage[],
): Promise<void> {
  if (messages.length === 0) return;
  for (const message of messages) {
    if (message.from === "" || message.to.length === 0 || message.messageId === "") {
      throw new MailSendError("failed", "A message needs a Message-ID, a From and at least one recipient.");
    }
  }
  await db.query(
    `with kept as (
       insert into mail_drafts (id, mailbox, key, message_id, envelope_from, envelope_to, subject, raw, status, provider_id, sent_at)
       select id, mailbox, key, message_id, envelope_from, string_to_array(envelope_to, E'\n'), subject, raw, 'sent', id::text, now()
       from unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::bytea[])
         as d(id, mailbox, key, message_id, envelope_from, envelope_to, subject, raw)
       returning id, envelope_to, subject, raw, sent_at
     )
     insert into local_mailbox (id, to_address, subject, mime, created_at)
     select id, array_to_string(envelope_to, ', '), subject, convert_from(raw, 'UTF8'), sent_at from kept`,
    [
      messages.map((message) => message.id),
      messages.map((message) => message.mailbox),
      messages.map((message) => message.key),
      messages.map((message) => message.messageId),
      messages.map((message) => message.from),
      messages.map((message) => message.to.join("\n")),
      messages.map((message) => message.subject),
      messages.map((message) => message.raw),
    ],
  );
}

/**
 * Sequence mail of a `local` credential: a draft is a row of `mail_drafts`, and sending it moves it
 * to `local_mailbox` and marks it sent in one statement, so there is no moment at which a crash
 * leaves it half sent: a retry finds it either unsent or sent.
 */
export class LocalSequenceTransport implements SequenceMailTransport {
  readonly #pool: pg.Pool;
  readonly #mailbox: string;

  constructor(pool: pg.Pool, mailbox: string) {
    this.#pool = pool;
    this.#mailbox = mailbox;
  }

  async createDraft(raw: Buffer, options: { key: string }): Promise<{ draftId: string }> {
    return { draftId: await storeDraft(this.#pool, this.#mailbox, options.key, raw) };
  }

  async sendDraft(draftId: string): Promise<SentMessage> {
    const { rows } = await this.#pool.query<{ id: string; message_id: string; provider_id: string; sent_at: Date }>(
      `with sent as (
         update mail_drafts set status = 'sent', sent_at = now(), provider_id = id::text
         where mailbox = $1 and id = $2 and status = 'draft'
         returning id, message_id, provider_id, sent_at, envelope_to, subject, raw
       ), delivered as (
         insert into local_mailbox (id, to_address, subject, mime, created_at)
         select id, array_to_string(envelope_to, ', '), subject, convert_from(raw, 'UTF8'), sent_at from sent
       )
       select id, message_id, provider_id, sent_at from sent`,
      [this.#mailbox, draftId],
    );
    const sent = rows[0];
    if (sent !== undefined) return sentMessageOf(sent);
    return settledDraft(await readDraft(this.#pool, this.#mailbox, draftId));
  }

  findSent(query: { messageId: string } | { key: string }): Promise<SentMessage | undefined> {
    return findSentDraft(this.#pool, this.#mailbox, query);
  }

  draftExists(draftId: string): Promise<boolean> {
    return draftIsOpen(this.#pool, this.#mailbox, draftId);
  }
}
