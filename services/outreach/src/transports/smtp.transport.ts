import type pg from "pg";
import { draftIsOpen, findSentDraft, readDraft, sentMessageOf, settledDraft, storeDraft } from "./mail-drafts.ts";
import { MailSendError, UNCERTAIN_SEND_MESSAGE } from "./mail-send-error.ts";
import type { SentMessage, SequenceMailTransport } from "./mail-transport.ts";
import { deliverOverSmtp, type SmtpConnectionTuning, type SmtpSettings } from "./smtp-delivery.ts";

/**
 * Sequence mail of an `smtp` credential. SMTP has no drafts, so the draft is kept in `mail_drafts`
 * and "sent" is our own record of the server's answer. The rule that never sends a step twice:
 * - the draft is marked `sending` (committed) before the connection is opened, under a session lock
 *   that the sending worker holds until it has recorded the outcome;
 * - a failure before the message was handed over puts it back to `draft` (retry) or `failed`;
 * - the connection dropping after DATA, or a worker dying while a draft is `sending` (found by the
 *   next attempt: still `sending`, and its lock free), makes it `uncertain`: reported failed with a
 *   message saying so, never sent again automatically.
 */
export class SmtpTransport implements SequenceMailTransport {
  readonly #pool: pg.Pool;
  readonly #mailbox: string;
  readonly #settings: SmtpSettings;
  readonly #tuning: SmtpConnectionTuning;

  constructor(pool: pg.Pool, mailbox: string, settings: SmtpSettings, tuning: SmtpConnectionTuning = {}) {
    this.#pool = pool;
    this.#mailbox = mailbox;
    this.#settings = settings;
    this.#tuning = tuning;
  }

  async createDraft(raw: Buffer, options: { key: string }): Promise<{ draftId: string }> {
    return { draftId: await storeDraft(this.#pool, this.#mailbox, options.key, raw) };
  }

  async sendDraft(draftId: string): Promise<SentMessage> {
    const client = await this.#pool.connect();
    const lockKey = `mail_drafts:${draftId}`;
    try {
      const { rows: lock } = await client.query<{ locked: boolean }>(
        "select pg_try_advisory_lock(hashtextextended($1, 0)) as locked",
        [lockKey],
      );
      if (lock[0]?.locked !== true) throw new MailSendError("retry", "The draft is being sent by another worker.");
      try {
        return await this.#sendLocked(client, draftId);
      } finally {
        await client.query("select pg_advisory_unlock(hashtextextended($1, 0))", [lockKey]);
      }
    } finally {
      client.release();
    }
  }

  async #sendLocked(client: pg.PoolClient, draftId: string): Promise<SentMessage> {
    const { rows } = await client.query<{ envelope_from: string; envelope_to: string[]; raw: Buffer }>(
      `update mail_drafts set status = 'sending' where mailbox = $1 and id = $2 and status = 'draft'
       returning envelope_from, envelope_to, raw`,
      [this.#mailbox, draftId],
    );
    const claimed = rows[0];
    if (claimed === undefined) {
      const draft = await readDraft(client, this.#mailbox, draftId);
      if (draft?.status === "sending") {
        // We hold its lock, so whoever marked it `sending` is gone, maybe after DATA.
        await this.#settle(client, draftId, "uncertain", UNCERTAIN_SEND_MESSAGE);
        throw new MailSendError("uncertain", UNCERTAIN_SEND_MESSAGE);
      }
      return settledDraft(draft);
    }
    let response: string;
    try {
      response = await deliverOverSmtp(
        this.#settings,
        { from: claimed.envelope_from, to: claimed.envelope_to },
        claimed.raw,
        this.#tuning,
      );
    } catch (error) {
      const failure = error instanceof MailSendError ? error : new MailSendError("uncertain", UNCERTAIN_SEND_MESSAGE);
      if (failure.outcome === "retry") await this.#settle(client, draftId, "draft", null);
      else await this.#settle(client, draftId, failure.outcome, failure.message);
      throw failure;
    }
    const { rows: sent } = await client.query<{ id: string; message_id: string; provider_id: string; sent_at: Date }>(
      `update mail_drafts set status = 'sent', sent_at = now(), provider_id = $3
       where mailbox = $1 and id = $2 returning id, message_id, provider_id, sent_at`,
      [this.#mailbox, draftId, response],
    );
    const row = sent[0];
    if (row === undefined) throw new Error("a draft being sent disappeared");
    return sentMessageOf(row);
  }

  async #settle(
    client: pg.PoolClient,
    draftId: string,
    status: "draft" | "failed" | "uncertain",
    message: string | null,
  ) {
    await client.query("update mail_drafts set status = $3, fail_message = $4 where mailbox = $1 and id = $2", [
      this.#mailbox,
      draftId,
      status,
      message,
    ]);
  }

  findSent(query: { messageId: string } | { key: string }): Promise<SentMessage | undefined> {
    return findSentDraft(this.#pool, this.#mailbox, query);
  }

  draftExists(draftId: string): Promise<boolean> {
    return draftIsOpen(this.#pool, this.#mailbox, draftId);
  }
}
