import type { Deps } from "../deps.ts";
import { keyringOf } from "./credential-secrets.ts";
import { open, SecretUnreadableError, seal } from "./secret-box.ts";

export interface ResealReport {
  /** Sealed again under the current key. */
  resealed: number;
  /** Already under the current key: left as they were. */
  current: number;
  /** Credentials whose secrets no key of the ring opens (an unknown key, or tampered): left as they were. */
  unreadable: string[];
}

/**
 * Every stored secret (SMTP passwords, refresh tokens, msal-node caches) sealed again under the
 * current CREDENTIALS_KEY, so that the previous keys can be dropped. A secret that does not open
 * stays as it is (never replaced by anything), and a row changed meanwhile (a refresh sealed a new
 * token under the current key) is not overwritten with its older content.
 */
export async function resealCredentialSecrets(deps: Pick<Deps, "db" | "credentialsKeyring">): Promise<ResealReport> {
  const keyring = keyringOf(deps);
  const report: ResealReport = { resealed: 0, current: 0, unreadable: [] };
  const rows = await deps.db
    .selectFrom("credential_secrets")
    .select(["credential_id", "key_id", "iv", "tag", "ciphertext"])
    .orderBy("credential_id")
    .execute();
  for (const row of rows) {
    if (row.key_id === keyring.current.id) {
      report.current += 1;
      continue;
    }
    let plaintext: string;
    try {
      plaintext = open(
        keyring,
        { keyId: row.key_id, iv: row.iv, tag: row.tag, ciphertext: row.ciphertext },
        row.credential_id,
      );
    } catch (error) {
      if (!(error instanceof SecretUnreadableError)) throw error;
      report.unreadable.push(row.credential_id);
      continue;
    }
    const sealed = seal(keyring, plaintext, row.credential_id);
    const updated = await deps.db
      .updateTable("credential_secrets")
      .set({ key_id: sealed.keyId, iv: sealed.iv, tag: sealed.tag, ciphertext: sealed.ciphertext })
      .where("credential_id", "=", row.credential_id)
      .where("key_id", "=", row.key_id)
      .where("iv", "=", row.iv)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) > 0) report.resealed += 1;
    else report.current += 1;
  }
  return report;
}
