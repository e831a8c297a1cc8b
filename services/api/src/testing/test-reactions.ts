import { queueMail } from "@hirestream/outreach/mail/mail-queue.ts";
import { createStepQueue, queueSteps, STEP_QUEUE } from "@hirestream/outreach/sequence-steps/step-queue.ts";
import { startTestMailQueue } from "@hirestream/outreach/testing/test-mail-queue.ts";
import { reactionRegistry } from "@hirestream/projector/reactions/reaction.ts";
import { REACTIONS_CHECKPOINT, startReactor } from "@hirestream/projector/reactions/reactor.ts";
import { Kysely, PostgresDialect } from "kysely";
import type { Deps } from "../deps.ts";
import { type PollOutcome, pollMailbox } from "../mailbox/mailbox-poll.ts";
import { readableCredentials } from "../mailbox/mailbox-poll-worker.ts";
import { workSequenceSteps } from "../processors/step-worker.ts";
import { apiReactions, OUTREACH_REACTOR, outreachReactions } from "../reactions/api-reactions.ts";

export interface TestReactions {
  /** Every event stored so far has had its reactions, and every mail and step they queued that is due has gone. */
  settled(): Promise<boolean>;
  /** Resolves once `settled()` holds (rejects after 20 s). */
  settle(): Promise<void>;
  /** Reads every readable mailbox once, as the outreach service's poll does each MAILBOX_POLL_SECONDS. */
  readMailboxes(): Promise<PollOutcome[]>;
  stop(): Promise<void>;
}

/**
 * The reactions, the mail worker and the sequence step worker beside a test app, as the projector
 * and outreach services run them.
 */
export async function startTestReactions(connectionString: string, deps: Deps): Promise<TestReactions> {
  const mail = await startTestMailQueue(connectionString, deps.pool);
  await createStepQueue(mail.boss);
  await workSequenceSteps(mail.boss, deps, { pollingIntervalSeconds: 0.5, onError: () => undefined });
  const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: deps.pool }) });
  const reactor = startReactor({
    db,
    store: deps.store,
    idleMs: 5,
    reactions: reactionRegistry(apiReactions(deps, (trx, id, message) => queueMail(mail.boss, trx, id, message))),
  });
  const outreach = startReactor({
    db,
    store: deps.store,
    idleMs: 5,
    ...OUTREACH_REACTOR,
    reactions: reactionRegistry(outreachReactions(deps, (trx, steps) => queueSteps(mail.boss, trx, steps))),
  });
  const settled = async () => {
    const { rows } = await deps.pool.query<{ settled: boolean }>(
      `select (select min(position) from reaction_checkpoints where name in ($1, $3))
                >= (select coalesce(max(global_position), 0) from events)
          and not exists (select 1 from pgboss.job where name in ('mail', $2) and state in ('created', 'retry', 'active')
            and start_after <= now())
          as settled`,
      [REACTIONS_CHECKPOINT, STEP_QUEUE, OUTREACH_REACTOR.name],
    );
    return rows[0]?.settled === true;
  };
  return {
    settled,
    async settle() {
      for (const started = Date.now(); !(await settled()); ) {
        if (Date.now() - started > 20_000) throw new Error("reactions did not settle in 20 s");
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    async readMailboxes() {
      const outcomes: PollOutcome[] = [];
      for (const mailbox of await readableCredentials(deps)) outcomes.push(await pollMailbox(deps, mailbox));
      return outcomes;
    },
    async stop() {
      await reactor.stop();
      await outreach.stop();
      await mail.stop();
    },
  };
}
