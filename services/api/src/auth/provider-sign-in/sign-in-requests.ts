import { timingSafeEqual } from "node:crypto";
import type { SignInProviderId } from "@hirestream/contracts/accounts/sign-in-providers.ts";
import type { Kysely } from "kysely";
import type { Database } from "../../database.ts";
import { hashSecret } from "../passwords.ts";

/** How long a provider sign-in may take between its start and the provider's answer. */
export const SIGN_IN_REQUEST_LIFESPAN_MS = 10 * 60 * 1000;

/** A provider redirect that connects a mailbox (`option=provider`) rather than signing in. */
export interface MailboxConnection {
  userId: string;
  workspaceId: string;
  /** Reconnect: the credential whose mailbox signs in again. */
  credentialId: string | null;
}

/** What the provider's answer must match, and where the finished sign-in goes. */
export interface SignInRequest {
  state: string;
  /** The secret kept in the starting browser's cookie: the answer must come back to that browser. */
  browser: string;
  provider: SignInProviderId;
  origin: string;
  nonce: string;
  codeVerifier: string;
  connection?: MailboxConnection | undefined;
}

/**
 * Kept server-side rather than in a cookie, so that each is taken once (a replayed answer finds
 * nothing) and none outlives its ten minutes. The state and the browser's secret are kept hashed:
 * a reader of the table cannot finish someone's sign-in.
 */
export async function saveSignInRequest(db: Kysely<Database>, request: SignInRequest, now: Date): Promise<void> {
  await db.deleteFrom("provider_sign_ins").where("expires_at", "<=", now).execute();
  await db
    .insertInto("provider_sign_ins")
    .values({
      state_hash: hashSecret(request.state),
      browser_hash: hashSecret(request.browser),
      provider: request.provider,
      origin: request.origin,
      nonce: request.nonce,
      code_verifier: request.codeVerifier,
      expires_at: new Date(now.getTime() + SIGN_IN_REQUEST_LIFESPAN_MS),
      user_id: request.connection?.userId ?? null,
      workspace_id: request.connection?.workspaceId ?? null,
      credential_id: request.connection?.credentialId ?? null,
    })
    .execute();
}

/**
 * Takes the request this state names, once: it is deleted whether or not it matches, so a state
 * tried from another browser is spent too. Null when unknown, spent, expired, for another provider
 * or started by another browser.
 */
export async function takeSignInRequest(
  db: Kysely<Database>,
  answer: { state: string; browser: string | undefined; provider: SignInProviderId },
  now: Date,
): Promise<Omit<SignInRequest, "browser"> | null> {
  const row = await db
    .deleteFrom("provider_sign_ins")
    .where("state_hash", "=", hashSecret(answer.state))
    .returningAll()
    .executeTakeFirst();
  if (!row || !answer.browser || row.expires_at.getTime() <= now.getTime() || row.provider !== answer.provider) {
    return null;
  }
  const expected = Buffer.from(row.browser_hash);
  const given = Buffer.from(hashSecret(answer.browser));
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return {
    state: answer.state,
    provider: answer.provider,
    origin: row.origin,
    nonce: row.nonce,
    codeVerifier: row.code_verifier,
    connection:
      row.user_id !== null && row.workspace_id !== null
        ? { userId: row.user_id, workspaceId: row.workspace_id, credentialId: row.credential_id }
        : undefined,
  };
}
