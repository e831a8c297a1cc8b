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
  const values = { cursor, last_read_at: deps.clock(), last_error: null, last_error_at: null, refused_as: null };
  await deps.db
    .insertInto("mailbox_cursors")
    .values({ credential_id: credentialId, ...values })
    .onConflict((conflict) => conflict.column("credential_id").doUpdateSet(values))
    .execute();
}

/**
 * A read that failed leaves the position where it was, and says why; `refusedAs` is the credential's
 * error when the mailbox refused its sign-in.
 */
export async function recordMailboxError(
  deps: Deps,
  credentialId: string,
  error: string,
  refusedAs: string | null = null,
): Promise<void> {
  const values = { last_error: error, last_error_at: deps.clock(), refused_as: refusedAs };
  await deps.db
    .insertInto("mailbox_cursors")
    .values({ credential_id: credentialId, ...values })
    .onConflict((conflict) => conflict.column("credential_id").doUpdateSet(values))
    .execute();
}

/**
 * Whether the mailbox refused its sign-in and nothing changed since: the credential still shows
 * the Error that refusal recorded. A Test that passes, or any other error, ends it.
 */
export async function stillRefused(deps: Deps, credentialId: string): Promise<boolean> {
  const row = await deps.db
    .selectFrom("mailbox_cursors")
    .innerJoin("read.credentials", "read.credentials.id", "mailbox_cursors.credential_id")
    .select("mailbox_cursors.credential_id")
    .where("mailbox_cursors.credential_id", "=", credentialId)
    .where("read.credentials.health", "=", "Error")
    .whereRef("read.credentials.fail_message", "=", "mailbox_cursors.refused_as")
    .executeTakeFirst();
  return row !== undefined;
}
