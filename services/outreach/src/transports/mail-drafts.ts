import { randomUUID } from "node:crypto";
import { simpleParser } from "mailparser";
import type pg from "pg";
import { MailSendError } from "./mail-send-error.ts";
import type { SentMessage } from "./mail-transport.ts";

// The drafts of the transports that keep them in Postgres (`local`, `smtp`), in `mail_drafts`,
// always scoped to one mailbox (the credential's id).

export type DraftStatus = "draft" | "sending" | "sent" | "failed" | "uncertain";

export interface DraftRow {
  id: string;
  message_id: string;
  envelope_from: string;
  envelope_to: string[];
  raw: Buffer;
  status: DraftStatus;
  fail_message: string | null;
  provider_id: string | null;
  sent_at: Date | null;
}

function addressesOf(field: { value: { address?: string }[] } | { value: { address?: string }[] }[] | undefined) {
  const objects = field === undefined ? [] : Array.isArray(field) ? field : [field];
  return objects.flatMap((object) => object.value.flatMap((entry) => (entry.address ? [entry.address] : [])));
}

/** Stores `raw` unsent under `key`; the envelope is read from the message's own headers. */
export async function storeDraft(pool: pg.Pool, mailbox: string, key: string, raw: Buffer): Promise<string> {
  const mail = await simpleParser(raw);
  const from = addressesOf(mail.from)[0];
  const to = [...addressesOf(mail.to), ...addressesOf(mail.cc), ...addressesOf(mail.bcc)];
  if (mail.messageId === undefined || from === undefined || to.length === 0) {
    throw new MailSendError("failed", "A draft needs a Message-ID, a From and at least one recipient.");
  }
  // On a second call with the same key the no-op update makes `returning` answer the first draft.
  const { rows } = await pool.query<{ id: string }>(
    `insert into mail_drafts (id, mailbox, key, message_id, envelope_from, envelope_to, subject, raw)
     values ($1, $2, $3, $4, $5, $6, $7, $8)
     on conflict (mailbox, key) do update set key = excluded.key
     returning id`,
    [randomUUID(), mailbox, key, mail.messageId, from, to, mail.subject ?? "", raw],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error("storing a draft returned no row");
  return id;
}

export async function readDraft(pool: pg.Pool | pg.PoolClient, mailbox: string, id: string) {
  const { rows } = await pool.query<DraftRow>(
    `select id, message_id, envelope_from, envelope_to, raw, status, fail_message, provider_id, sent_at
     from mail_drafts where mailbox = $1 and id = $2`,
    [mailbox, id],
  );
  return rows[0];
}

export function sentMessageOf(row: Pick<DraftRow, "id" | "message_id" | "provider_id" | "sent_at">): SentMessage {
  return { messageId: row.message_id, providerId: row.provider_id ?? row.id, sentAt: row.sent_at ?? new Date(0) };
}

export async function findSentDraft(
  pool: pg.Pool,
  mailbox: string,
  query: { messageId: string } | { key: string },
): Promise<SentMessage | undefined> {
  const [column, value] = "messageId" in query ? ["message_id", query.messageId] : ["key", query.key];
  const { rows } = await pool.query<DraftRow>(
    `select id, message_id, provider_id, sent_at from mail_drafts
     where mailbox = $1 and ${column} = $2 and status = 'sent' limit 1`,
    [mailbox, value],
  );
  const row = rows[0];
  return row === undefined ? undefined : sentMessageOf(row);
}

/** Unsent, or (smtp) handed over with the outcome still to be settled. */
export async function draftIsOpen(pool: pg.Pool, mailbox: string, id: string): Promise<boolean> {
  const { rows } = await pool.query(
    "select 1 from mail_drafts where mailbox = $1 and id = $2 and status in ('draft', 'sending')",
    [mailbox, id],
  );
  return rows.length === 1;
}

/** What `sendDraft` answers for a draft it did not send this time. */
export function settledDraft(row: DraftRow | undefined): SentMessage {
  if (row === undefined) throw new MailSendError("failed", "The draft does not exist in this mailbox.");
  if (row.status === "sent") return sentMessageOf(row);
  if (row.status === "failed") throw new MailSendError("failed", row.fail_message ?? "The message was refused.");
  if (row.status === "uncertain") throw new MailSendError("uncertain", row.fail_message ?? "");
  throw new MailSendError("retry", "The draft is being sent by another worker.");
}

/** Which of the keys already name a draft (of any status) in their mailbox, as `mailbox key`. */
export async function keyedDrafts(
  pool: pg.Pool,
  keys: readonly { mailbox: string; key: string }[],
): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const { rows } = await pool.query<{ mailbox: string; key: string }>(
    // Lateral, so each key is a look-up in the (mailbox, key) index, however many drafts there are.
    `select d.mailbox, d.key from unnest($1::text[], $2::text[]) as asked(mailbox, key)
     cross join lateral (select mailbox, key from mail_drafts where mailbox = asked.mailbox and key = asked.key) d`,
    [keys.map((key) => key.mailbox), keys.map((key) => key.key)],
  );
  return new Set(rows.map((row) => `${row.mailbox} ${row.key}`));
}
