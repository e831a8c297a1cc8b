import { CompiledQuery, type Kysely } from "kysely";
import type { PgBoss } from "pg-boss";
import { z } from "zod";
import type { MailTransport, OutgoingMail } from "../transports/mail-transport.ts";

export const MAIL_QUEUE = "mail";

const outgoingMail = z.object({ to: z.string(), subject: z.string(), text: z.string() });

/**
 * Queues `mail` as job `id` through `db`, a transaction of the caller's: the job commits or rolls
 * back with what caused it. The id is derived from the cause, so queueing it again adds nothing.
 */
export async function queueMail(boss: PgBoss, db: Kysely<unknown>, id: string, mail: OutgoingMail): Promise<void> {
  await boss.send(
    MAIL_QUEUE,
    { to: mail.to, subject: mail.subject, text: mail.text },
    {
      id,
      retryLimit: 10,
      retryBackoff: true,
      db: { executeSql: (text, values) => db.executeQuery(CompiledQuery.raw(text, values ?? [])) },
    },
  );
}

/**
 * The outreach worker's side: delivers queued mail through the configured transport, retrying on
 * failure. A job runs at least once; the transport is given the job's id, so a job run again after
 * its message went out does not send it twice.
 */
export async function workMailQueue(
  boss: PgBoss,
  transport: MailTransport,
  options: { pollingIntervalSeconds?: number } = {},
): Promise<void> {
  await boss.work(MAIL_QUEUE, { batchSize: 10, ...options }, async (jobs) => {
    for (const job of jobs) await transport.send({ ...outgoingMail.parse(job.data), key: job.id });
  });
}

export async function createMailQueue(boss: PgBoss): Promise<void> {
  await boss.createQueue(MAIL_QUEUE);
}
