import type { ProviderTicketDocument } from "@hirestream/contracts/credentials/mailbox-connect.ts";
import type { Kysely } from "kysely";
import { hashSecret, newSecret } from "../../auth/passwords.ts";
import type { Database } from "../../database.ts";

/** Long enough for the browser to go from its request to the page load that shows the ticket. */
export const PROVIDER_TICKET_LIFESPAN_MS = 60 * 1000;

/**
 * A ticket that stands for the signed-in user in one `GET /auth/{provider}?option=provider…`. The
 * browser keeps its session in headers, which a page load cannot send, and the session's own
 * token must never travel in an address (logs, history): this one is good once, for a minute,
 * and is kept hashed.
 */
export async function issueProviderTicket(
  db: Kysely<Database>,
  userId: string,
  now: Date,
): Promise<ProviderTicketDocument> {
  await db.deleteFrom("provider_tickets").where("expires_at", "<=", now).execute();
  const { secret, hash } = newSecret();
  const expiresAt = new Date(now.getTime() + PROVIDER_TICKET_LIFESPAN_MS);
  await db
    .insertInto("provider_tickets")
    .values({ ticket_hash: hash, user_id: userId, expires_at: expiresAt })
    .execute();
  return { data: { type: "provider_ticket", id: secret, attributes: { expires_at: expiresAt.toISOString() } } };
}

/** The user a ticket stands for, once: it is spent whether or not it is still good. */
export async function takeProviderTicket(db: Kysely<Database>, ticket: string, now: Date): Promise<string | null> {
  const row = await db
    .deleteFrom("provider_tickets")
    .where("ticket_hash", "=", hashSecret(ticket))
    .returning(["user_id", "expires_at"])
    .executeTakeFirst();
  if (!row || row.expires_at.getTime() <= now.getTime()) return null;
  return row.user_id;
}
