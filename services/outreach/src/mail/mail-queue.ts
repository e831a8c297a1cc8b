import type { PgBoss } from "pg-boss";
import { z } from "zod";
import type { MailTransport, OutgoingMail } from "../transports/mail-transport.ts";

export const MAIL_QUEUE = "mail";

const outgoingMail = z.object({ to: z.string(), subject: z.string(), text: z.string() });

/** The API's side: a message is queued in Postgres and survives until a worker has sent it. */
export class QueuedMailTransport implements MailTransport {
  readonly #boss: PgBoss;
  constructor(boss: PgBoss) {
    this.#boss = boss;
  }
  async send(mail: OutgoingMail): Promise<{ id: string }> {
    const id = await this.#boss.send(MAIL_QUEUE, mail, { retryLimit: 10, retryBackoff: true });
    if (!id) throw new Error("mail was not queued");
    return { id };
  }
}

/** The outreach worker's side: delivers queued mail through the configured transport, retrying on failure. */
export async function workMailQueue(boss: PgBoss, transport: MailTransport): Promise<void> {
  await boss.work(MAIL_QUEUE, { batchSize: 10 }, async (jobs) => {
    for (const job of jobs) await transport.send(outgoingMail.parse(job.data));
  });
}

export async function createMailQueue(boss: PgBoss): Promise<void> {
  await boss.createQueue(MAIL_QUEUE);
}
