import type { Run } from "@hirestream/domain/processor/processor-state.ts";
import { scopedId } from "@hirestream/eventstore/event-id.ts";
import type { StepJob } from "@hirestream/outreach/sequence-steps/step-queue.ts";
import { sendLocalDrafts } from "@hirestream/outreach/transports/local-sequence.transport.ts";
import { keyedDrafts, storeDrafts } from "@hirestream/outreach/transports/mail-drafts.ts";
import type { Deps } from "../deps.ts";
import {
  activeSequences,
  type EngineCommandFor,
  type ProcessorRead,
  readProcessors,
  runEngineCommandsTogether,
} from "./processor-batch.ts";
import { type ComposedRunStep, composeRunStepTo, projectValues, recipientsOf } from "./step-message.ts";
import type { SendPoint, StepSendOutcome } from "./step-sender.ts";

export interface StepsSendOptions {
  /** Called at each point of the batch's send: a test throws here to stop the worker there. */
  at?: (point: SendPoint) => void | Promise<void>;
}

export interface StepsSent {
  /** What became of the jobs the batch settled, by job key. */
  outcomes: Map<string, StepSendOutcome>;
  /** The jobs the batch left to `sendStep`, one by one: a send to recover, a failure to record, another transport. */
  alone: StepJob[];
}

/** A job the batch carries through: its run, and the message once composed and drafted. */
interface Going {
  job: StepJob;
  run: Run;
  credentialId: string;
  written?: ComposedRunStep;
  draftId?: string;
}

/**
 * `sendStep` for many jobs of `local` credentials at once, with the same draft → send → record
 * protocol and the same command ids: the runs, sequences, credentials and candidates read in a few
 * queries, every message composed, every draft stored in one statement and recorded in one append,
 * every draft sent in one statement and recorded in one append. Whatever is not the plain case (a
 * send to recover after a crash, a step to fail, an SMTP credential, a run that moved on between
 * two moves) is handed back for `sendStep`, which settles it; so a worker that dies between any two
 * moves and runs the jobs again still delivers each step once.
 */
export async function sendStepsTogether(
  deps: Deps,
  jobs: readonly StepJob[],
  options: StepsSendOptions = {},
): Promise<StepsSent> {
  const at = options.at ?? (() => undefined);
  const result: StepsSent = { outcomes: new Map(), alone: [] };
  let reads: ReadonlyMap<string, ProcessorRead> = await readProcessors(
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
      const facts = { to, projectValues: values.get(`${item.run.workspaceId} ${item.run.projectId}`) ?? {} };
      try {
        item.written = await composeRunStepTo(deps, item.run, step, credential, item.job.jobKey, facts);
      } catch {
        // A message that cannot be written fails its step: `sendStep` records why.
      }
    }),
  );
  keep((item) => item.written !== undefined);
  await at("composed");

  // A key with a draft already is a send an earlier attempt began: `sendStep` recovers it.
  const begun = await keyedDrafts(
    deps.pool,
    going.map((item) => ({ mailbox: item.credentialId, key: item.job.jobKey })),
  );
  keep((item) => !begun.has(`${item.credentialId} ${item.job.jobKey}`));
  const draftIds = await storeDrafts(
    deps.pool,
    going.flatMap(({ credentialId, job, written }) =>
      written === undefined
        ? []
        : [
            {
              mailbox: credentialId,
              key: job.jobKey,
              raw: written.composed.raw,
              messageId: written.composed.messageId,
              from: written.envelope.from,
              to: written.envelope.to,
              subject: written.composed.subject,
            },
          ],
    ),
  );
  for (const item of going) {
    const draftId = draftIds.get(`${item.credentialId} ${item.job.jobKey}`);
    if (draftId !== undefined) item.draftId = draftId;
  }
  keep((item) => item.draftId !== undefined);
  await at("drafted");

  const drafted = await record(deps, reads, going, "drafted", ({ job, written, draftId }) =>
    written === undefined || draftId === undefined
      ? null
      : {
          type: "RecordStepDrafted",
          data: { position: job.position, draftId, messageId: written.composed.messageId, message: written.message },
        },
  );
  keep((item) => !drafted.rest.has(item.job.processorId));
  reads = drafted.done;
  await at("draft-recorded");

  const sent = await sendLocalDrafts(
    deps.pool,
    going.map((item) => ({ mailbox: item.credentialId, draftId: item.draftId ?? "" })),
  );
  keep((item) => sent.has(item.draftId ?? ""));
  await at("sent");

  const { rest } = await record(deps, reads, going, "sent", ({ job, written, draftId }) => {
    const message = sent.get(draftId ?? "");
    if (written === undefined || message === undefined) return null;
    return {
      type: "RecordStepSent",
      data: {
        position: job.position,
        messageId: message.messageId,
        providerMessageId: message.providerId,
        message: written.message,
        sentAt: message.sentAt.toISOString(),
      },
    };
  });
  keep((item) => !rest.has(item.job.processorId));
  for (const { job } of going) result.outcomes.set(job.jobKey, "sent");
  await at("sent-recorded");
  return result;
}

/** One engine command per run going, appended together; answers the states after, and the runs left over. */
async function record(
  deps: Deps,
  reads: ReadonlyMap<string, ProcessorRead>,
  going: readonly Going[],
  name: string,
  commandOf: (item: Going) => EngineCommandFor["command"] | null,
): Promise<{ done: ReadonlyMap<string, ProcessorRead>; rest: ReadonlySet<string> }> {
  const commands: EngineCommandFor[] = [];
  const rest = new Set<string>();
  for (const item of going) {
    const command = commandOf(item);
    if (command === null) rest.add(item.job.processorId);
    else commands.push({ processorId: item.job.processorId, command, commandId: scopedId(item.job.jobKey, name) });
  }
  const outcome = await runEngineCommandsTogether(deps, reads, commands);
  for (const command of outcome.rest) rest.add(command.processorId);
  return { done: outcome.done, rest };
}
