import { randomUUID } from "node:crypto";
import { DomainError } from "@hirestream/contracts/errors.ts";
import { MailboxSignInRefusedError } from "@hirestream/outreach/inbound/mailbox-sign-in-refused.ts";
import { GrantRevokedError } from "@hirestream/outreach/transports/access-tokens.ts";
import { runCredentialCommand } from "../credentials/credential-commands.ts";
import { credentialReader } from "../credentials/credential-reader.ts";
import { pauseForRevokedGrant } from "../credentials/revoked-grant.ts";
import type { Deps } from "../deps.ts";
import { receiveCredentialMail } from "./inbound-mail.ts";
import { readMailboxCursor, recordMailboxError, stillRefused, storeMailboxCursor } from "./mailbox-cursors.ts";

export interface MailboxToPoll {
  credentialId: string;
  providerType: string;
}

export type PollOutcome =
  /** Read to the end (or `maxRounds` reads); `recorded` messages answered a step. */
  | { status: "read"; read: number; recorded: number; resynced: boolean }
  /** Another poll of the same credential holds it. */
  | { status: "busy" }
  /** Nothing to read for this credential (see credentialReader). */
  | { status: "no reader" }
  /** The mailbox refused the sign-in, and the credential's Error stands: not tried again until it changes. */
  | { status: "refused" }
  /** The reader or a record failed: the error is on the cursor row, and the position did not move. */
  | { status: "failed"; error: string };

export interface PollOptions {
  /** Reads in one poll, each of at most the reader's own limit (default 10). */
  maxRounds?: number;
  /** How long to wait for the read models to hold a step sent a moment ago (default 10 s). */
  readModelsTimeoutMs?: number;
  /** A message whose record the run's rules refuse (a decision, not a failure): it is skipped and said here. */
  onSkipped?: (error: DomainError) => void;
}

/**
 * One poll of one credential's mailbox: read what is new, record each message, and only then
 * store the reader's new position, so that a poll that dies half-way reads the same messages
 * again and records each once (recording is idempotent by Message-ID). One poll per credential at
 * a time, across processes: a session advisory lock on its id, which a process that dies lets go.
 */
export async function pollMailbox(deps: Deps, mailbox: MailboxToPoll, options: PollOptions = {}): Promise<PollOutcome> {
  const client = await deps.pool.connect();
  const key = `mailbox-poll ${mailbox.credentialId}`;
  try {
    const { rows } = await client.query<{ locked: boolean }>(
      "select pg_try_advisory_lock(hashtextextended($1, 0)) as locked",
      [key],
    );
    if (rows[0]?.locked !== true) return { status: "busy" };
    try {
      return await pollLocked(deps, mailbox, options);
    } finally {
      await client.query("select pg_advisory_unlock(hashtextextended($1, 0))", [key]);
    }
  } finally {
    client.release();
  }
}

async function pollLocked(deps: Deps, mailbox: MailboxToPoll, options: PollOptions): Promise<PollOutcome> {
  const { credentialId } = mailbox;
  let read = 0;
  let recorded = 0;
  let resynced = false;
  // A server asked again and again with a password it refused may lock the mailbox.
  if (await stillRefused(deps, credentialId)) return { status: "refused" };
  try {
    const reader = await credentialReader(deps, credentialId, mailbox.providerType);
    if (!reader) return { status: "no reader" };
    let cursor = await readMailboxCursor(deps, credentialId);
    for (let round = 0; round < (options.maxRounds ?? 10); round++) {
      const batch = await reader.read(cursor);
      resynced ||= batch.resynced;
      if (batch.messages.length > 0) await readModelsCaughtUp(deps, options.readModelsTimeoutMs ?? 10_000);
      for (const message of batch.messages) {
        read++;
        try {
          const received = await receiveCredentialMail(deps, credentialId, message.raw);
          if (received.processorId !== undefined) recorded++;
        } catch (error) {
          // A conflict passes (read again next time); a refusal of the run's rules never will.
          if (!(error instanceof DomainError && error.code === "PROCESSOR_EVENT_NOT_ALLOWED")) throw error;
          options.onSkipped?.(error);
        }
      }
      await storeMailboxCursor(deps, credentialId, batch.cursor);
      cursor = batch.cursor;
      if (batch.messages.length === 0) break;
    }
    return { status: "read", read, recorded, resynced };
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    // A revoked grant stops its sending too, as a send that found it would have; a refused password
    // shows on the credential alone.
    const refusedAs =
      error instanceof GrantRevokedError
        ? await pauseRunsOf(deps, credentialId, error)
        : error instanceof MailboxSignInRefusedError
          ? await recordReadFailure(deps, credentialId, error.serverMessage)
          : null;
    await recordMailboxError(deps, credentialId, text, refusedAs);
    return { status: "failed", error: text };
  }
}

/**
 * A step sent a moment ago may be answered before the projector has it in `read.messages`, where
 * answers find their step: wait until the read models hold every event stored before the read
 * (else fail this poll, which reads the same mail next time).
 */
async function readModelsCaughtUp(deps: Deps, timeoutMs: number): Promise<void> {
  const head = await deps.store.headPosition();
  if (!(await deps.readModels.waitFor(head, timeoutMs))) {
    throw new Error("The read models are behind the event store: the mail is read again on the next poll");
  }
}

/** Records the revoked grant and pauses the credential's runs; the fail message as the credential keeps it. */
async function pauseRunsOf(deps: Deps, credentialId: string, error: GrantRevokedError): Promise<string | null> {
  const credential = await deps.db
    .selectFrom("read.credentials")
    .select(["workspace_id", "email"])
    .where("id", "=", credentialId)
    .executeTakeFirst();
  if (!credential) return null;
  const found = { credentialId, workspaceId: credential.workspace_id, mailbox: credential.email };
  return pauseForRevokedGrant(deps, found, error, randomUUID());
}

/** The mailbox refused the sign-in: the credential shows Error with the server's words (returned as it keeps them). */
async function recordReadFailure(deps: Deps, credentialId: string, failure: string): Promise<string | null> {
  try {
    const outcome = await runCredentialCommand(
      deps,
      credentialId,
      { type: "RecordReadFailure", data: { failure } },
      { now: deps.clock(), actorId: null, workspaceRole: undefined, localMailbox: deps.localMailbox ?? true },
      randomUUID(),
    );
    return outcome.state.status === "active" ? outcome.state.failMessage : null;
  } catch (error) {
    // Removed since the poll began: nothing to mark.
    if (!(error instanceof DomainError && error.code === "NOT_FOUND")) throw error;
    return null;
  }
}
