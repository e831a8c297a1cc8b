import type pg from "pg";
import { PgBoss } from "pg-boss";
import { createMailQueue, workMailQueue } from "../mail/mail-queue.ts";
import { LocalTransport } from "../transports/local.transport.ts";

/** The mail queue and a worker delivering it into `local_mailbox`, as the outreach service runs them. */
export async function startTestMailQueue(
  connectionString: string,
  pool: pg.Pool,
): Promise<{ boss: PgBoss; stop(): Promise<void> }> {
  const boss = new PgBoss({ connectionString, max: 2, supervise: false, schedule: false });
  boss.on("error", () => undefined);
  await boss.start();
  await createMailQueue(boss);
  await workMailQueue(boss, new LocalTransport(pool), { pollingIntervalSeconds: 0.5 });
  return { boss, stop: () => boss.stop({ graceful: false }) };
}
