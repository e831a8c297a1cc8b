import { randomUUID } from "node:crypto";
import type { Run } from "@hirestream/domain/processor/processor-state.ts";
import { scopedId } from "@hirestream/eventstore/event-id.ts";
import { appendsInTransaction } from "@hirestream/eventstore/event-store.ts";
import type { StepJob } from "@hirestream/outreach/sequence-steps/step-queue.ts";
import { deliverLocalMessages, type LocalMessage } from "@hirestream/outreach/transports/local-sequence.transport.ts";
import { keyedDrafts } from "@hirestream/outreach/transports/mail-drafts.ts";
import type pg from "pg";
import type { Deps } from "../deps.ts";
import { mayMailIn, optOutStates } from "../opt-outs/opt-out-commands.ts";
import { inPgTransaction } from "../pg-transaction.ts";
import {
  activeSequences,
  decideEngineCommands,
  type EngineCommandFor,
  engineAppends,
  type ProcessorRead,
  readProcessors,
  settleEngineAppends,
} from "./processor-batch.ts";
import { type ComposedRunStep, composeRunStepTo, projectValues, recipientsOf } from "./step-message.ts";
import type { SendPoint, StepSendOutcome } from "./step-sender.ts";

/** The moments of a batch's send between which a worker may die; tests stop it at each. */
export const BATCH_SEND_POINTS = ["composed", "sent", "sent-recorded"] as const satisfies readonly SendPoint[];
export type BatchSendPoint = (typeof BATCH_SEND_POINTS)[number];

export interface StepsSendOptions {
  /** Called at each point of the batch's send: a test throws here to stop the worker there. */
  at?: (point: BatchSendPoint) => void | Promise<void>;
}

export interface StepsSent {
  /** What became of the jobs the batch settled, by job key. */
  outcomes: Map<string, StepSendOutcome>;
  /** The jobs the batch left to `sendStep`, one by one: a send to recover, a failure to record, another transport. */
  alone: StepJob[];
}

/** A job the batch carries through: its run, and the message once composed. */
interface Going {
  job: StepJob;
  run: Run;
  credentialId: string;
  written?: ComposedRunStep;
}

/**
 * `sendStep` for many jobs of `local` credentials at once: the runs, sequences, credentials and
 * candidates read in a few queries, every message composed, then every send recorded and every
 * message delivered in one transaction, with the same command ids as `sendStep`.
 *
 * DESIGN.md's draft → send → record protocol exists for mailboxes elsewhere, which a worker can
 * die between. The local mailbox is in our own database, beside the event log: the record and
 * the delivery commit together or not at all, so there is no draft to keep and no StepDrafted to
 * record, and a worker that dies anywhere leaves each step either sent and recorded or untouched.
 * With a store outside this database (EventStoreDB) every job goes one by one, drafts and all.
 * Whatever is not the plain case (a recorded draft, a step to fail, an SMTP credential, a run that
 * moved on since it was read) is handed back for `sendStep` too.
 */
export async function sendStepsTogether(
  deps: Deps,
  jobs: readonly StepJob[],
  options: StepsSendOptions = {},
): Promise<StepsSent> {
  const at = options.at ?? (() => undefined);
  const store = deps.store;
  if (!appendsInTransaction(store)) return { outcomes: new Map(), alone: [...jobs] };
  const result: StepsSent = { outcomes: new Map(), alone: [] };
  const reads: ReadonlyMap<string, ProcessorRead> = await readProcessors(
    deps,
    jobs.map((job) => job.processorId),
  );
  let going: Going[] = [];
  for (const job of jobs) {
    const state = reads.get(job.processorId)?.state;
    const run = state?.status === "started" ? state.run : null;
    if (run === null || run.status !== "sending" || run.nextPosition !== job.position)
      result.outcomes.set(job.jobKey, "stale");
    else if (run.scheduled?.jobKey !== job.jobKey) result.outcomes.set(job.jobKey, "stale");
    else if (run.inFlight?.position === job.position) result.alone.push(job);
    else going.push({ job, run, credentialId: "" });
  }
  const goAlone = (left: readonly Going[]) => {
    for (const { job } of left) result.alone.push(job);
  };
  const keep = (test: (item: Going) => boolean) => {
    const kept = new Set(going.filter(test));
    goAlone(going.filter((item) => !kept.has(item)));
    going = [...kept];
  };

  const sequences = await activeSequences(
    deps,
    going.map(({ run }) => run.sequenceId),
  );
  const stepOf = ({ run, job }: Going) =>
    sequences.get(run.sequenceId)?.steps.find((candidate) => candidate.position === job.position);
  for (const item of going) item.credentialId = stepOf(item)?.providerId ?? "";
  keep((item) => item.credentialId !== "");
  const credentialIds = [...new Set(going.map((item) => item.credentialId))];
  const credentials =
    credentialIds.length === 0
      ? []
      : await deps.db
          .selectFrom("read.credentials")
          .select(["id", "name", "email", "provider_type", "workspace_id"])
          .where("id", "in", credentialIds)
          .execute();
  const credentialOf = ({ credentialId, run }: Going) =>
    credentials.find((row) => row.id === credentialId && row.workspace_id === run.workspaceId);
  keep((item) => credentialOf(item)?.provider_type === "local");

  const recipients = await recipientsOf(
    deps,
    going.map(({ run }) => run.personId),
  );
  const optOuts = await optOutStates(
    deps,
    [...recipients.values()].map((recipient) => recipient.address),
  );
  const values = new Map<string, Record<string, string>>();
  for (const { run } of going) {
    const key = `${run.workspaceId} ${run.projectId}`;
    if (!values.has(key)) values.set(key, await projectValues(deps, run));
  }
  // Side by side: the composer's build passes through streams, and their turns interleave.
  await Promise.all(
    going.map(async (item) => {
      const step = stepOf(item);
      const credential = credentialOf(item);
      const to = recipients.get(item.run.personId);
      if (step === undefined || credential === undefined || to === undefined) return;
      const facts = {
        to,
        projectValues: values.get(`${item.run.workspaceId} ${item.run.projectId}`) ?? {},
        mayMail: mayMailIn(optOuts, to.address, item.run.workspaceId),
        trackOpens: sequences.get(item.run.sequenceId)?.trackOpens !== false,
      };
      try {
        item.written = await composeRunStepTo(deps, item.run, step, credential, item.job.jobKey, facts);
      } catch {
        // A message that cannot be written fails its step: `sendStep` records why.
      }
    }),
  );
  keep((item) => item.written !== undefined);
  await at("composed");

  // A key kept already is a send an earlier attempt began: `sendStep` settles it.
  const begun = await keyedDrafts(
    deps.pool,
    going.map((item) => ({ mailbox: item.credentialId, key: item.job.jobKey })),
  );
  keep((item) => !begun.has(`${item.credentialId} ${item.job.jobKey}`));

  const messages = new Map<string, LocalMessage>();
  for (const { job, credentialId, written } of going) {
    if (written === undefined) continue;
    const { composed, envelope } = written;
    messages.set(job.processorId, {
      id: randomUUID(),
      mailbox: credentialId,
      key: job.jobKey,
      raw: composed.raw,
      messageId: composed.messageId,
      ...envelope,
      subject: composed.subject,
    });
  }
  const { decided, outcome, results } = await inPgTransaction(deps.pool, async (client) => {
    // The database's clock, as for a step sent on its own: the mailbox's times and the record's agree.
    const sentAt = await transactionTime(client);
    const commands: EngineCommandFor[] = going.flatMap(({ job, written }) => {
      const local = messages.get(job.processorId);
      if (written === undefined || local === undefined) return [];
      const data = {
        position: job.position,
        messageId: local.messageId,
        providerMessageId: local.id,
        message: written.message,
        sentAt: sentAt.toISOString(),
      };
      return [
        {
          processorId: job.processorId,
          command: { type: "RecordStepSent", data },
          commandId: scopedId(job.jobKey, "sent"),
        },
      ];
    });
    const { decided, outcome } = decideEngineCommands(deps, reads, commands);
    const results = await store.appendToStreamsWith(client, engineAppends(decided));
    const recorded = decided.flatMap(({ command }, index) => {
      const message = messages.get(command.processorId);
      return results[index] && message ? [message] : [];
    });
    await deliverLocalMessages(client, recorded);
    // Inside the transaction: a worker stopped here has sent and recorded nothing.
    await at("sent");
    return { decided, outcome, results };
  });
  settleEngineAppends(deps, decided, results, outcome);
  // Left over: a run that moved on since it was read, or a refusal, sent nothing; `sendStep` decides afresh.
  const rest = new Set(outcome.rest.map((command) => command.processorId));
  goAlone(going.filter((item) => rest.has(item.job.processorId)));
  for (const { job } of going) {
    const done = outcome.done.get(job.processorId);
    // A decision that appended nothing found the step recorded already, by another attempt.
    if (done !== undefined) result.outcomes.set(job.jobKey, done.events.length > 0 ? "sent" : "stale");
  }
  await at("sent-recorded");
  return result;
}

/** The time the transaction began, which `now()` answers throughout it. */
async function transactionTime(client: Pick<pg.PoolClient, "query">): Promise<Date> {
  const { rows } = await client.query<{ now: Date }>("select now() as now");
  return rows[0]?.now ?? new Date();
}
