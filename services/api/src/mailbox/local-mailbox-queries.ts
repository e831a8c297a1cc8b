import type { LocalMailboxMessage, LocalMailboxQuery } from "@hirestream/contracts/mailbox/local-mailbox.ts";
import { classifyInbound } from "@hirestream/outreach/inbound/classify-inbound.ts";
import type { Deps } from "../deps.ts";

// The local mailbox's sent mail: what `local` credentials of the user's workspaces sent (sequence
// steps and Tests), found through the draft each message was sent from, which names its credential.
// Other mail the server keeps there (password resets, invitations) belongs to no credential and
// never shows.

interface StoredRow {
  id: string;
  mime: string;
  created_at: Date;
  credential_id: string;
  workspace_id: string;
  total: string;
}

const likePattern = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const fromWhere = `
  from local_mailbox l
  join mail_drafts d on d.id = l.id
  join read.credentials c on c.id::text = d.mailbox and c.provider_type = 'local'
  where c.workspace_id in (select workspace_id from read.workspace_members where user_id = $1)`;

export async function listLocalMail(
  deps: Deps,
  userId: string,
  query: LocalMailboxQuery,
): Promise<{ messages: LocalMailboxMessage[]; total: number }> {
  const params: unknown[] = [userId];
  const filters: string[] = [];
  const like = (value: string) => {
    params.push(likePattern(value));
    return `$${params.length}`;
  };
  if (query.to !== undefined) filters.push(`l.to_address ilike ${like(query.to)}`);
  if (query.from !== undefined) filters.push(`d.envelope_from ilike ${like(query.from)}`);
  if (query.search_by !== undefined) {
    const pattern = like(query.search_by);
    filters.push(`(l.subject ilike ${pattern} or l.to_address ilike ${pattern} or d.envelope_from ilike ${pattern})`);
  }
  params.push(query.limit, (query.page - 1) * query.limit);
  const { rows } = await deps.pool.query<StoredRow>(
    `select l.id, l.mime, l.created_at, c.id as credential_id, c.workspace_id, count(*) over () as total
     ${fromWhere} ${filters.map((filter) => `and ${filter}`).join(" ")}
     order by l.created_at desc, l.id
     limit $${params.length - 1} offset $${params.length}`,
    params,
  );
  return { messages: await Promise.all(rows.map(readMessage)), total: Number(rows[0]?.total ?? 0) };
}

/** One message of the user's local mailboxes, raw, or undefined when it is none of theirs. */
export async function findLocalMail(deps: Deps, userId: string, id: string) {
  const { rows } = await deps.pool.query<StoredRow>(
    `select l.id, l.mime, l.created_at, c.id as credential_id, c.workspace_id, 1 as total ${fromWhere} and l.id = $2`,
    [userId, id],
  );
  return rows[0];
}

/** A stored message read back by the one mail reader every transport uses (what it would be taken for is not asked). */
export async function readMessage(row: Pick<StoredRow, "id" | "mime" | "created_at">): Promise<LocalMailboxMessage> {
  const mail = await classifyInbound(row.mime);
  return {
    id: row.id,
    message_id: mail.messageId ?? "",
    in_reply_to: mail.inReplyTo ?? null,
    references: mail.references,
    from: mail.from ?? "",
    to: mail.to.join(", "),
    subject: mail.subject,
    html: mail.html ?? mail.textAsHtml ?? "",
    text: mail.text,
    sent_at: row.created_at.toISOString(),
  };
}
