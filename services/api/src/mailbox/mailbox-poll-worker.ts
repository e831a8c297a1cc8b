import {
  createMailboxPollQueue,
  MAILBOX_POLL_QUEUE,
  mailboxPollJob,
  queueMailboxPolls,
} from "@hirestream/outreach/inbound/mailbox-poll-queue.ts";
import type { PgBoss } from "pg-boss";
import { READABLE_PROVIDER_TYPES } from "../credentials/credential-reader.ts";
import type { Deps } from "../deps.ts";
import { type PollOptions, pollMailbox } from "./mailbox-poll.ts";

export interface MailboxPollingOptions extends PollOptions {
  /** MAILBOX_POLL_SECONDS: how often every mailbox is read. */
  intervalSeconds: number;
  /** How often the worker looks for queued polls (default 2 s). */
  pollingIntervalSeconds?: number;
  /** A poll that failed (the reason is also on the credential's cursor row), or a tick that could not queue. */
  onError?: (error: unknown) => void;
}

/** Every credential whose mailbox may have a reader. */
export async function readableCredentials(deps: Deps) {
  const rows = await deps.db
    .selectFrom("read.credentials")
    .select(["id", "provider_type"])
    .where("provider_type", "in", READABLE_PROVIDER_TYPES)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return rows.map((row) => ({ credentialId: row.id, providerType: row.provider_type }));
}

/**
 * The outreach service's mailbox polling: every `intervalSeconds` a poll of each credential is
 * queued (once per credential and interval, whichever outreach process ticks), and the queue's
 * worker runs them one credential after another. A poll that fails records why on the credential's
 * cursor row and the worker goes on with the next credential.
 */
export async function workMailboxPolls(
  boss: PgBoss,
  deps: Deps,
  options: MailboxPollingOptions,
): Promise<{ stop(): Promise<void> }> {
  const report = options.onError ?? ((error: unknown) => console.error("mailbox poll:", errorText(error)));
  await createMailboxPollQueue(boss);
  const workerId = await boss.work(
    MAILBOX_POLL_QUEUE,
    { batchSize: 4, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 },
    async (jobs) => {
      for (const job of jobs) {
        const mailbox = mailboxPollJob.parse(job.data);
        const outcome = await pollMailbox(deps, mailbox, options).catch((error: unknown) => ({
          status: "failed" as const,
          error: errorText(error),
        }));
        if (outcome.status === "failed") report(new Error(`credential ${mailbox.credentialId}: ${outcome.error}`));
      }
    },
  );
  const tick = () =>
    readableCredentials(deps)
      .then((credentials) => queueMailboxPolls(boss, credentials, options.intervalSeconds))
      .catch(report);
  await tick();
  const timer = setInterval(tick, options.intervalSeconds * 1000);
  return {
    async stop() {
      clearInterval(timer);
      await boss.offWork(MAILBOX_POLL_QUEUE, { id: workerId });
    },
  };
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
