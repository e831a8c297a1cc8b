import { randomBytes } from "node:crypto";
import { DomainError } from "@hirestream/contracts/errors.ts";
import { z } from "zod";
import type { Deps } from "../deps.ts";
import { open, type SecretKeyring, seal, secretKey } from "./secret-box.ts";

/** A mail server's address and sign-in, kept sealed as one secret. */
const mailServerSecret = z.object({
  host: z.string(),
  port: z.number().int(),
  secure: z.boolean(),
  username: z.string(),
  password: z.string(),
});
export const credentialSecrets = z.object({ smtp: mailServerSecret, imap: mailServerSecret.optional() });
export type CredentialSecrets = z.infer<typeof credentialSecrets>;

/** A Google mailbox's grant: its refresh token, and the access token last got with it (shared by every process). */
const googleGrant = z.object({
  provider: z.literal("google_oauth2"),
  refreshToken: z.string().min(1),
  accessToken: z.string().optional(),
  /** When the access token stops being good, in milliseconds since the epoch. */
  expiresAt: z.number().optional(),
});
/**
 * A Microsoft mailbox's grant: msal-node's token cache as it serialises it (the account, its
 * refresh and access tokens), which msal-node alone reads; the account it is for.
 */
const microsoftGrant = z.object({
  provider: z.literal("microsoft_graph_auth"),
  homeAccountId: z.string().min(1),
  tokenCache: z.string().min(1),
});
export const oauthGrant = z.discriminatedUnion("provider", [googleGrant, microsoftGrant]);
export type OAuthGrant = z.infer<typeof oauthGrant>;
/** A connected Google or Microsoft mailbox keeps its grant sealed where an SMTP mailbox keeps its password. */
export const oauthSecrets = z.object({ oauth: oauthGrant });
export type OAuthSecrets = z.infer<typeof oauthSecrets>;

/**
 * Without a configured key (a test harness), a key for this process alone: what it seals cannot be
 * opened after a restart. `npm start` and the services always pass the configured one.
 */
let processKeyring: SecretKeyring | undefined;
export function keyringOf(deps: Pick<Deps, "credentialsKeyring">): SecretKeyring {
  if (deps.credentialsKeyring) return deps.credentialsKeyring;
  processKeyring ??= { current: secretKey(randomBytes(32)), previous: [] };
  return processKeyring;
}

/**
 * Stores a new credential's secrets, sealed, before its CredentialAdded is appended. The event
 * store is not this database (it may be EventStoreDB), so there is no one transaction around both;
 * this order is safe because a secret is only ever opened for a credential whose stream exists in
 * this workspace: a secret left by a request that died before its append is unreachable, and the
 * request's retry (same Idempotency-Key, so the same credential id) seals it again. A row left by
 * another request under the same id is replaced only while no credential holds that id and only
 * within the same workspace; once a credential exists, its secret is never overwritten here.
 */
export async function storeCredentialSecrets(
  deps: Pick<Deps, "db" | "credentialsKeyring">,
  row: { credentialId: string; workspaceId: string; commandId: string },
  secrets: CredentialSecrets | OAuthSecrets,
): Promise<void> {
  const sealed = seal(keyringOf(deps), JSON.stringify(secrets), row.credentialId);
  const values = {
    credential_id: row.credentialId,
    workspace_id: row.workspaceId,
    command_id: row.commandId,
    key_id: sealed.keyId,
    iv: sealed.iv,
    tag: sealed.tag,
    ciphertext: sealed.ciphertext,
  };
  const written = await deps.db
    .insertInto("credential_secrets")
    .values(values)
    .onConflict((conflict) =>
      conflict
        .column("credential_id")
        .doUpdateSet({ ...values })
        .where("credential_secrets.workspace_id", "=", row.workspaceId),
    )
    .returning("credential_id")
    .executeTakeFirst();
  if (!written) throw new DomainError("ALREADY_EXISTS");
}

/**
 * A mail server credential's secrets, opened; fails closed (SecretUnreadableError) when they were
 * tampered with. Null when there are none, or they are a connected mailbox's grant.
 */
export async function readCredentialSecrets(
  deps: Pick<Deps, "db" | "credentialsKeyring">,
  credentialId: string,
): Promise<CredentialSecrets | null> {
  const opened = await openSecrets(deps, credentialId);
  if (opened === null) return null;
  const secrets = credentialSecrets.safeParse(opened);
  return secrets.success ? secrets.data : null;
}

/** A connected mailbox's grant, opened; fails closed like any secret. Null when there is none. */
export async function readOAuthGrant(
  deps: Pick<Deps, "db" | "credentialsKeyring">,
  credentialId: string,
): Promise<OAuthGrant | null> {
  const opened = await openSecrets(deps, credentialId);
  if (opened === null) return null;
  const secrets = oauthSecrets.safeParse(opened);
  return secrets.success ? secrets.data.oauth : null;
}

/**
 * A grant the provider renewed (a new access token, a rotated refresh token, msal-node's cache),
 * sealed again over the one stored. Only an existing row is replaced: a credential removed since
 * (its secrets deleted) gets none back.
 */
export async function replaceOAuthGrant(
  deps: Pick<Deps, "db" | "credentialsKeyring">,
  credentialId: string,
  grant: OAuthGrant,
): Promise<void> {
  const secrets: OAuthSecrets = { oauth: grant };
  const sealed = seal(keyringOf(deps), JSON.stringify(secrets), credentialId);
  await deps.db
    .updateTable("credential_secrets")
    .set({ key_id: sealed.keyId, iv: sealed.iv, tag: sealed.tag, ciphertext: sealed.ciphertext })
    .where("credential_id", "=", credentialId)
    .execute();
}

async function openSecrets(deps: Pick<Deps, "db" | "credentialsKeyring">, credentialId: string): Promise<unknown> {
  const row = await deps.db
    .selectFrom("credential_secrets")
    .select(["key_id", "iv", "tag", "ciphertext"])
    .where("credential_id", "=", credentialId)
    .executeTakeFirst();
  if (!row) return null;
  const opened = open(
    keyringOf(deps),
    { keyId: row.key_id, iv: row.iv, tag: row.tag, ciphertext: row.ciphertext },
    credentialId,
  );
  return JSON.parse(opened);
}

/** A removed credential's secrets serve nothing more: they are deleted, not kept sealed. */
export async function deleteCredentialSecrets(deps: Deps, credentialId: string): Promise<void> {
  await deps.db.deleteFrom("credential_secrets").where("credential_id", "=", credentialId).execute();
}
