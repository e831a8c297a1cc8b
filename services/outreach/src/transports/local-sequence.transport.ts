import type pg from "pg";
import { draftIsOpen, findSentDraft, readDraft, sentMessageOf, settledDraft, storeDraft } from "./mail-drafts.ts";
import type { SentMessage, SequenceMailTransport } from "./mail-transport.ts";

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
