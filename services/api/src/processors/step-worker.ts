import { STEP_QUEUE, STEP_RETRY_LIMIT, stepJob } from "@hirestream/outreach/sequence-steps/step-queue.ts";
import type { PgBoss } from "pg-boss";
import type { Deps } from "../deps.ts";
import { sendStepsTogether } from "./step-batch-sender.ts";
import { sendStep } from "./step-sender.ts";

export interface StepWorkerOptions {
  pollingIntervalSeconds?: number;
  /** Jobs fetched at once; the queue's singleton policy gives each a different run. */
  batchSize?: number;
  /** Batches worked side by side (pg-boss's localConcurrency): one composes while another waits on the database. */
  workers?: number;
  /** Sends of one batch in flight together, of those that go one by one. */
  concurrency?: number;
  onError?: (error: unknown) => void;
}

/**
 * The outreach service's side of the step queue: each due job sends its step, a batch of them
 * together where they take the plain path (sendStepsTogether), the rest one by one. A send that throws
 * (a mailbox that did not answer, a database hiccup) fails that job alone, which pg-boss retries
 * with backoff; the others of its batch complete. The last attempt records the step failed.
 */
export async function workSequenceSteps(boss: PgBoss, deps: Deps, options: StepWorkerOptions = {}): Promise<string> {
  const concurrency = options.concurrency ?? 8;
  const report = options.onError ?? ((error: unknown) => console.error("sequence step:", errorText(error)));
  return boss.work(
    STEP_QUEUE,
    {
      batchSize: options.batchSize ?? 500,
      pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1,
      localConcurrency: options.workers ?? 2,
    },
    async (jobs) => {
      const parsed = jobs.map((job) => ({ job, step: stepJob.parse(job.data) }));
      let alone = parsed;
      try {
        const together = await sendStepsTogether(
          deps,
          parsed.map(({ step }) => step),
        );
        const left = new Set(together.alone.map((step) => step.jobKey));
        alone = parsed.filter(({ step }) => left.has(step.jobKey));
      } catch (error) {
        // Every move of the batch is idempotent: its jobs go one by one, from wherever it stopped.
        report(error);
      }
      const queue = [...alone];
      const lane = async () => {
        for (let item = queue.shift(); item !== undefined; item = queue.shift()) {
          try {
            await sendStep(deps, item.step, { lastAttempt: item.job.retryCount >= STEP_RETRY_LIMIT });
          } catch (error) {
            report(error);
            await boss.fail(STEP_QUEUE, item.job.id, { message: errorText(error) });
          }
        }
      };
      await Promise.all(Array.from({ length: Math.min(concurrency, alone.length) }, lane));
    },
  );
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
