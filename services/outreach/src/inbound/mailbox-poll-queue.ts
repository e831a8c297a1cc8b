import type { PgBoss } from "pg-boss";
import { z } from "zod";

export const MAILBOX_POLL_QUEUE = "mailbox-poll";

/** One read of one credential's mailbox. */
export const mailboxPollJob = z.object({ credentialId: z.uuid(), providerType: z.string() });
export type MailboxPollJob = z.infer<typeof mailboxPollJob>;

/** A poll that hangs (a server that stopped answering mid-read) is given up after this long. */
const POLL_EXPIRE_SECONDS = 15 * 60;

/**
 * `exclusive`: per credential (the singleton key) at most one poll is queued or running, across
 * every outreach process; a tick that finds one waiting adds nothing, so slow mailboxes never pile
 * up polls.
 */
export async function createMailboxPollQueue(boss: PgBoss): Promise<void> {
  await boss.createQueue(MAILBOX_POLL_QUEUE, { policy: "exclusive" });
}

/**
 * Queues a poll of each credential. `intervalSeconds` is also the throttle: the job is keyed on
 * its time slot, so several outreach processes ticking in the same interval queue it once.
 * A failed poll is not retried by the queue: the next tick polls again.
 */
export async function queueMailboxPolls(
  boss: PgBoss,
  credentials: readonly MailboxPollJob[],
  intervalSeconds: number,
): Promise<void> {
  if (credentials.length === 0) return;
  await boss.insert(
    MAILBOX_POLL_QUEUE,
    credentials.map((job) => ({
      data: job,
      singletonKey: job.credentialId,
      singletonSeconds: intervalSeconds,
      retryLimit: 0,
      expireInSeconds: POLL_EXPIRE_SECONDS,
    })),
  );
}
