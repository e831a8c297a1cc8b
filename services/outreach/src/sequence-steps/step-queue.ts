import { CompiledQuery, type Kysely } from "kysely";
import type { PgBoss } from "pg-boss";
import { z } from "zod";

export const STEP_QUEUE = "sequence-step";

/** One scheduled step of one run; `jobKey` is the StepScheduled event's, and the job's id. */
export const stepJob = z.object({ processorId: z.uuid(), position: z.number().int().min(1), jobKey: z.uuid() });
export type StepJob = z.infer<typeof stepJob>;

/** A send that may succeed later (a mailbox that did not answer) is tried again this many times. */
export const STEP_RETRY_LIMIT = 8;

/** Queues a step's job in the caller's transaction (the reactions' one), to start at `dueAt`. */
export type QueueStep = (trx: Kysely<unknown>, job: StepJob, dueAt: Date) => Promise<void>;

/**
 * The job's id is its jobKey, so queueing it again (a reaction run twice) adds nothing. The run's
 * id is the singleton key of a `singleton` queue: one step of a run is worked at a time, never two
 * sends of the same run side by side.
 */
export async function queueStep(boss: PgBoss, db: Kysely<unknown>, job: StepJob, dueAt: Date): Promise<void> {
  await boss.send(STEP_QUEUE, job, {
    id: job.jobKey,
    singletonKey: job.processorId,
    startAfter: dueAt,
    retryLimit: STEP_RETRY_LIMIT,
    retryBackoff: true,
    db: { executeSql: (text, values) => db.executeQuery(CompiledQuery.raw(text, values ?? [])) },
  });
}

export async function createStepQueue(boss: PgBoss): Promise<void> {
  await boss.createQueue(STEP_QUEUE, { policy: "singleton" });
}
