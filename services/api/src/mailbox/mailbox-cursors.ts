import type { Deps } from "../deps.ts";

/** Where the credential's mailbox was read up to; undefined before its first read. */
export async function readMailboxCursor(deps: Deps, credentialId: string): Promise<string | undefined> {
  const row = await deps.db
    .selectFrom("mailbox_cursors")
    .select("cursor")
    .where("credential_id", "=", credentialId)
    .executeTakeFirst();
  return row?.cursor ?? undefined;
}

/** After every message of a read was recorded: the reader's new position, and no error since. */
export async function storeMailboxCursor(deps: Deps, credentialId: string, cursor: string): Promise<void> {
  const values = { cursor, last_read_at: deps.clock(), last_error: null, last_error_at: null };
  await deps.db
    .insertInto("mailbox_cursors")
    .values({ credential_id: credentialId, ...values })
    .onConflict((conflict) => conflict.column("credential_id").doUpdateSet(values))
    .execute();
}

/** A read that failed leaves the position where it was, and says why. */
export async function recordMailboxError(deps: Deps, credentialId: string, error: string): Promise<void> {
  const values = { last_error: error, last_error_at: deps.clock() };
  await deps.db
    .insertInto("mailbox_cursors")
    .values({ credential_id: credentialId, ...values })
    .onConflict((conflict) => conflict.column("credential_id").doUpdateSet(values))
    .execute();
}
