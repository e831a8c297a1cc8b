import { sql, type Transaction } from "kysely";
import type { Database } from "../../database.ts";
import type { Deps } from "../../deps.ts";

/**
 * Runs `work` in a transaction holding the credential's token lock, so that two processes needing a
 * fresh access token at once refresh it once: the second finds the first's token when it gets the
 * lock. Its reads and writes of the sealed grant go through `trx`, the lock's own connection.
 */
export function withTokenLock<T>(
  deps: Pick<Deps, "db">,
  credentialId: string,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  return deps.db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtextextended(${`credential-token:${credentialId}`}, 0))`.execute(trx);
    return work(trx);
  });
}
