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

/**
 * Without a configured key (a test harness), a key for this process alone: what it seals cannot be
 * opened after a restart. `npm start` and the services always pass the configured one.
 */
let processKeyring: SecretKeyring | undefined;
function keyringOf(deps: Deps): SecretKeyring {
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
  deps: Deps,
  row: { credentialId: string; workspaceId: string; commandId: string },
  secrets: CredentialSecrets,
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

/** A credential's secrets, opened; fails closed (SecretUnreadableError) when they were tampered with. */
export async function readCredentialSecrets(deps: Deps, credentialId: string): Promise<CredentialSecrets | null> {
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
  return credentialSecrets.parse(JSON.parse(opened));
}

/** A removed credential's secrets serve nothing more: they are deleted, not kept sealed. */
export async function deleteCredentialSecrets(deps: Deps, credentialId: string): Promise<void> {
  await deps.db.deleteFrom("credential_secrets").where("credential_id", "=", credentialId).execute();
}
