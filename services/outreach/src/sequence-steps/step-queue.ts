import { CompiledQuery, type Kysely } from "kysely";
import type { PgBoss } from "pg-boss";
import { z } from "zod";

export const STEP_QUEUE = "sequence-step";

/** One scheduled step of one run; `jobKey` is the StepScheduled event's, and the job's id. */
export const stepJob = z.object({ processorId: z.uuid(), position: z.number().int().min(1), jobKey: z.uuid() });
export type StepJob = z.infer<typeof stepJob>;

/** A send that may succeed later (a mailbox that did not answer) is tried again this many times. */
export const STEP_RETRY_LIMIT = 8;

/** A step's job and when it is due. */
export interface QueuedStep {
  job: StepJob;
  dueAt: Date;
}

/** Queues steps' jobs in the caller's transaction (the reactions' one), each to start at its `dueAt`. */
export type QueueSteps = (trx: Kysely<unknown>, steps: readonly QueuedStep[]) => Promise<void>;

/**
 * One insert for all the steps. A job's id is its jobKey, so queueing it again (a reaction run
 * twice) adds nothing. The run's id is the singleton key of a `singleton` queue: one step of a run
 * is worked at a time, never two sends of the same run side by side.
 */
export async function queueSteps(boss: PgBoss, db: Kysely<unknown>, steps: readonly QueuedStep[]): Promise<void> {
  const unique = new Map(steps.map((step) => [step.job.jobKey, step]));
  if (unique.size === 0) return;
  await boss.insert(
    STEP_QUEUE,
    [...unique.values()].map(({ job, dueAt }) => ({
      id: job.jobKey,
      data: job,
      singletonKey: job.processorId,
      startAfter: dueAt,
      retryLimit: STEP_RETRY_LIMIT,
      retryBackoff: true,
    })),
    { db: { executeSql: (text, values) => db.executeQuery(CompiledQuery.raw(text, values ?? [])) } },
  );
}

export async function createStepQueue(boss: PgBoss): Promise<void> {
  await boss.createQueue(STEP_QUEUE, { policy: "singleton" });
}
