import type { OutboundMessage } from "@hirestream/contracts/processors/events.ts";
import type { EngineCommand } from "@hirestream/domain/processor/processor-engine.ts";
import { scopedId } from "@hirestream/eventstore/event-id.ts";
import type { StepJob } from "@hirestream/outreach/sequence-steps/step-queue.ts";
import { GrantRevokedError } from "@hirestream/outreach/transports/access-tokens.ts";
import { MailSendError } from "@hirestream/outreach/transports/mail-send-error.ts";
import type { SentMessage, SequenceMailTransport } from "@hirestream/outreach/transports/mail-transport.ts";
import { credentialTransport } from "../credentials/credential-transport.ts";
import { pauseForRevokedGrant } from "../credentials/revoked-grant.ts";
import type { Deps } from "../deps.ts";
import { currentSequence } from "../sequences/sequence-commands.ts";
import { NO_INTEGRATION } from "../sequences/sequence-test.ts";
import { currentProcessor, engineContext, runProcessorCommand } from "./processor-commands.ts";
import { composeRunStep, StepMessageProblem } from "./step-message.ts";
import { scheduleMessages } from "./step-schedule.ts";

/** The moments between which a worker may die mid-send; tests stop it at each. */
export const SEND_POINTS = ["composed", "drafted", "draft-recorded", "sent", "sent-recorded"] as const;
export type SendPoint = (typeof SEND_POINTS)[number];

export interface StepSendOptions {
  /** Called at each point of the send: a test throws here to stop the worker there. */
  at?: (point: SendPoint) => void | Promise<void>;
  /** The job's last attempt: a send that could still succeed later is recorded failed instead of retried. */
  lastAttempt?: boolean;
}

/** `paused`: the mailbox refused its sign-in for good; the step waits, neither failed nor sent, for Reconnect. */
export type StepSendOutcome = "sent" | "failed" | "stale" | "paused";

export const sendMessages = {
  draftRemoved: "The step's draft was removed from the mailbox before it was sent",
  cannotSend: (name: string) => `${name} cannot send mail from this server yet`,
} as const;

type Drafted = { draftId: string; messageId: string; message: OutboundMessage };

/**
 * Sends one scheduled step of one run, exactly once whatever stops the worker (DESIGN.md, the
 * draft → send → record protocol): the message is first kept as a draft under the job's key and
 * the draft recorded; the draft is then sent and the sent message recorded. Run again after any
 * crash, it finds where the last attempt stopped (a step already sent, a recorded draft, a draft
 * the mailbox kept under the key) and goes on from there, never sending twice. Only the job the
 * run is waiting for sends: a job of an earlier schedule (before a pause, a retry) does nothing.
 */
export async function sendStep(deps: Deps, job: StepJob, options: StepSendOptions = {}): Promise<StepSendOutcome> {
  const at = options.at ?? (() => undefined);
  const state = await currentProcessor(deps, job.processorId);
  if (state.status !== "started") return "stale";
  const run = state.run;
  if (run.status !== "sending" || run.nextPosition !== job.position || run.scheduled?.jobKey !== job.jobKey)
    return "stale";

  const record = async (command: EngineCommand, name: string) => {
    await runProcessorCommand(deps, job.processorId, command, scopedId(job.jobKey, name), engineContext(deps));
  };
  const fail = async (failMessage: string, uncertain?: boolean): Promise<StepSendOutcome> => {
    const data = { position: job.position, failMessage, ...(uncertain ? { uncertain } : {}) };
    await record({ type: "RecordStepFailed", data }, "failed");
    return "failed";
  };
  const recordSent = async (sent: SentMessage, message: OutboundMessage): Promise<StepSendOutcome> => {
    await record(
      {
        type: "RecordStepSent",
        data: {
          position: job.position,
          messageId: sent.messageId,
          providerMessageId: sent.providerId,
          ...(sent.threadId !== undefined ? { threadId: sent.threadId } : {}),
          message,
          sentAt: sent.sentAt.toISOString(),
        },
      },
      "sent",
    );
    await at("sent-recorded");
    return "sent";
  };

  const sequence = await currentSequence(deps, run.sequenceId);
  if (sequence.status !== "active") return fail(scheduleMessages.sequenceRemoved);
  const step = sequence.sequence.steps.find((candidate) => candidate.position === job.position);
  if (step === undefined) return fail(scheduleMessages.stepRemoved(job.position));
  const credential =
    step.providerId === null
      ? undefined
      : await deps.db
          .selectFrom("read.credentials")
          .select(["name", "email", "provider_type"])
          .where("id", "=", step.providerId)
          .where("workspace_id", "=", run.workspaceId)
          .executeTakeFirst();
  if (step.providerId === null || credential === undefined) return fail(NO_INTEGRATION);
  const transport = await credentialTransport(deps, step.providerId, credential.provider_type);
  if (transport === null) return fail(sendMessages.cannotSend(credential.name));
  const sendThrough = async (transport: SequenceMailTransport): Promise<StepSendOutcome> => {
    let drafted: Drafted;
    const inFlight = run.inFlight?.position === job.position ? run.inFlight : null;
    if (inFlight?.draftId && inFlight.messageId && inFlight.message) {
      drafted = { draftId: inFlight.draftId, messageId: inFlight.messageId, message: inFlight.message };
      const sent = await transport.findSent({ messageId: drafted.messageId });
      if (sent) return recordSent(sent, drafted.message);
      if (!(await transport.draftExists(drafted.draftId))) return fail(sendMessages.draftRemoved);
    } else {
      let written: Awaited<ReturnType<typeof composeRunStep>>;
      try {
        const trackOpens = sequence.sequence.trackOpens !== false;
        written = await composeRunStep(deps, run, step, credential, job.jobKey, trackOpens);
      } catch (error) {
        if (error instanceof StepMessageProblem) return fail(error.message);
        throw error;
      }
      await at("composed");
      const sent = await transport.findSent({ key: job.jobKey });
      if (sent) return recordSent(sent, written.message);
      const { draftId } = await transport.createDraft(written.composed.raw, { key: job.jobKey });
      await at("drafted");
      drafted = { draftId, messageId: written.composed.messageId, message: written.message };
      await record({ type: "RecordStepDrafted", data: { position: job.position, ...drafted } }, "drafted");
      await at("draft-recorded");
    }
    return send(transport, drafted, { fail, recordSent, at, lastAttempt: options.lastAttempt === true });
  };
  const found = { credentialId: step.providerId, workspaceId: run.workspaceId, mailbox: credential.email };
  try {
    return await sendThrough(transport);
  } catch (error) {
    if (!(error instanceof GrantRevokedError)) throw error;
    await pauseForRevokedGrant(deps, { ...found, processorId: job.processorId }, error, job.jobKey);
    return "paused";
  }
}

async function send(
  transport: SequenceMailTransport,
  drafted: Drafted,
  steps: {
    fail: (failMessage: string, uncertain?: boolean) => Promise<StepSendOutcome>;
    recordSent: (sent: SentMessage, message: OutboundMessage) => Promise<StepSendOutcome>;
    at: (point: SendPoint) => void | Promise<void>;
    lastAttempt: boolean;
  },
): Promise<StepSendOutcome> {
  let sent: SentMessage;
  try {
    sent = await transport.sendDraft(drafted.draftId);
  } catch (error) {
    if (!(error instanceof MailSendError)) throw error;
    if (error.outcome === "uncertain") return steps.fail(error.message, true);
    if (error.outcome === "failed" || steps.lastAttempt) return steps.fail(error.message);
    throw error;
  }
  await steps.at("sent");
  return steps.recordSent(sent, drafted.message);
}
