import type pg from "pg";
import { draftIsOpen, findSentDraft, readDraft, sentMessageOf, settledDraft, storeDraft } from "./mail-drafts.ts";
import type { SentMessage, SequenceMailTransport } from "./mail-transport.ts";

/**
 * Sends many local drafts in one statement, as `sendDraft` sends one; answers each draft sent now
 * by its id. A draft not answered was not open (sent before, or gone): `sendDraft` says which.
 */
export async function sendLocalDrafts(
  pool: pg.Pool,
  drafts: readonly { mailbox: string; draftId: string }[],
): Promise<Map<string, SentMessage>> {
  const sent = new Map<string, SentMessage>();
  if (drafts.length === 0) return sent;
  const { rows } = await pool.query<{ id: string; message_id: string; provider_id: string; sent_at: Date }>(
    `with asked as (
       select * from unnest($1::text[], $2::uuid[]) as a(mailbox, id)
     ), sent as (
       update mail_drafts d set status = 'sent', sent_at = now(), provider_id = d.id::text
       from asked where d.mailbox = asked.mailbox and d.id = asked.id and d.status = 'draft'
       returning d.id, d.message_id, d.provider_id, d.sent_at, d.envelope_to, d.subject, d.raw
     ), delivered as (
       insert into local_mailbox (id, to_address, subject, mime, created_at)
       select id, array_to_string(envelope_to, ', '), subject, convert_from(raw, 'UTF8'), sent_at from sent
     )
     select id, message_id, provider_id, sent_at from sent`,
    [drafts.map((draft) => draft.mailbox), drafts.map((draft) => draft.draftId)],
  );
  for (const row of rows) sent.set(row.id, sentMessageOf(row));
  return sent;
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
