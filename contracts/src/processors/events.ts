import { z } from "zod";
import { machineOpeners, openKinds } from "../opens/open-kinds.ts";
import { payloadFields } from "../sequences/rows.ts";
import { payloadValues } from "./payload-values.ts";

// One run of a sequence for one candidacy (spec §3 "Sequence processor"), with its payload: the
// values its steps are filled with. The payload has no stream of its own: it shares the processor's
// id and lives and dies with it. Every event names the project and workspace, so projections and
// sync scopes need no lookup.

const instant = z.iso.datetime({ offset: true });
const position = z.number().int().min(1);

const run = {
  processorId: z.uuid(),
  projectId: z.uuid(),
  workspaceId: z.uuid(),
};

/** Whose local time the steps go at: the candidate's, when their place names one zone, else the sequence's. */
export const timeZoneSources = ["candidate", "sequence"] as const;
export type TimeZoneSource = (typeof timeZoneSources)[number];

/** A candidacy entered a stage that starts a sequence. */
export const processorStarted = z.object({
  type: z.literal("ProcessorStarted"),
  data: z.object({
    ...run,
    candidacyId: z.uuid(),
    personId: z.uuid(),
    stageId: z.uuid(),
    sequenceId: z.uuid(),
    totalSteps: z.number().int().min(1),
    /** The sequence's review setting when the run started: a later change does not reach a running payload. */
    hasReview: z.boolean(),
    /** The sequence's fields when the run started. */
    fields: payloadFields,
    /** The candidate and project variables known at the start; the writer fills the rest. */
    values: payloadValues,
    timeZone: z.string(),
    timeZoneSource: z.enum(timeZoneSources),
    at: instant,
  }),
});

/** The payload's values after an edit, whole. */
export const payloadEdited = z.object({
  type: z.literal("PayloadEdited"),
  data: z.object({ ...run, values: payloadValues, by: z.uuid(), at: instant }),
});

/** event_ready: a writer made a payload of a sequence with review ready for a manager to send. */
export const payloadMadeReady = z.object({
  type: z.literal("PayloadMadeReady"),
  data: z.object({ ...run, by: z.uuid(), at: instant }),
});

/**
 * event_send: the go-ahead to send the next step, from the Send or Retry button. With review it is
 * the manager's approval of what was made ready.
 */
export const payloadApproved = z.object({
  type: z.literal("PayloadApproved"),
  data: z.object({ ...run, by: z.uuid(), at: instant }),
});

/**
 * A step's message as it was composed: what the thread and the person's Messages show. `html` is
 * sanitised; `inReplyTo` and `references` thread it on the steps before it.
 */
export const outboundMessage = z.object({
  from: z.string(),
  to: z.string(),
  subject: z.string(),
  html: z.string(),
  inReplyTo: z.string().min(1).optional(),
  references: z.array(z.string().min(1)),
  /** The sent message carried a tracking pixel (its sequence tracks opens); absent: it did not. */
  tracked: z.literal(true).optional(),
});
export type OutboundMessage = z.infer<typeof outboundMessage>;

/** The next step has a time and a job; a later one for the same step replaces it. */
export const stepScheduled = z.object({
  type: z.literal("StepScheduled"),
  data: z.object({ ...run, position, dueAt: instant, jobKey: z.string().min(1) }),
});

/** The step's message waits in the mailbox as a draft: a draft still there after a crash was not sent. */
export const stepDrafted = z.object({
  type: z.literal("StepDrafted"),
  data: z.object({
    ...run,
    position,
    draftId: z.string().min(1),
    messageId: z.string().min(1),
    message: outboundMessage,
  }),
});

/** The step's message left. `messageId` is the RFC 5322 Message-ID as the provider kept it. */
export const stepSent = z.object({
  type: z.literal("StepSent"),
  data: z.object({
    ...run,
    position,
    messageId: z.string().min(1),
    providerMessageId: z.string().min(1).optional(),
    threadId: z.string().min(1).optional(),
    message: outboundMessage,
    sentAt: instant,
  }),
});

/**
 * Sending the step failed. `uncertain` when the message may have left all the same (the connection
 * dropped after DATA): a later StepSent for the same step is then still taken.
 */
export const stepFailed = z.object({
  type: z.literal("StepFailed"),
  data: z.object({ ...run, position, failMessage: z.string(), uncertain: z.boolean().optional(), at: instant }),
});

const inbound = {
  ...run,
  /** The incoming message's own Message-ID: the same message read twice is recorded once. */
  messageId: z.string().min(1),
  from: z.string(),
  to: z.string(),
  subject: z.string(),
  /** The message's body, sanitised (its text part as paragraphs when it has no HTML). */
  html: z.string(),
  inReplyTo: z.string().min(1).optional(),
  receivedAt: instant,
};

/**
 * The candidate answered on the sequence's thread. `afterStop` when the run had already been
 * stopped: the reply is kept for the thread and the figures, but the run stays inactive and the
 * candidate is not moved to the on-response stage.
 */
export const replyReceived = z.object({
  type: z.literal("ReplyReceived"),
  data: z.object({ ...inbound, afterStop: z.boolean() }),
});

/** An out-of-office or other automatic answer: recorded, and not a reply. */
export const autoReplyReceived = z.object({
  type: z.literal("AutoReplyReceived"),
  data: z.object(inbound),
});

/** A delivery-status report for a step: `status` is its status code (5.1.1), `reason` its words. */
export const stepBounced = z.object({
  type: z.literal("StepBounced"),
  data: z.object({ ...inbound, position, reason: z.string(), status: z.string() }),
});

/**
 * Someone fetched a sent step's tracking pixel: a person (`human`), or a machine that fetches
 * every image it sees (`machine`, with which one). Recorded once per message and kind: the open
 * rate counts messages a person opened, not fetches.
 */
export const messageOpened = z.object({
  type: z.literal("MessageOpened"),
  data: z.discriminatedUnion("kind", [
    z.object({ ...run, position, messageId: z.string().min(1), kind: z.literal(openKinds[0]), at: instant }),
    z.object({
      ...run,
      position,
      messageId: z.string().min(1),
      kind: z.literal(openKinds[1]),
      opener: z.enum(machineOpeners),
      at: instant,
    }),
  ]),
});

export const processorPaused = z.object({
  type: z.literal("ProcessorPaused"),
  data: z.object({
    ...run,
    statusMessage: z.string(),
    by: z.uuid().nullable(),
    at: instant,
    /** Paused by the system because this credential's mailbox refused its sign-in: reconnecting it resumes the run. */
    credentialId: z.uuid().optional(),
  }),
});

export const processorResumed = z.object({
  type: z.literal("ProcessorResumed"),
  data: z.object({ ...run, by: z.uuid().nullable(), at: instant }),
});

/** Why a run stopped before its end. */
export const stopReasons = ["moved", "removed", "sequence_removed", "sequence_detached", "opted_out"] as const;
export type StopReason = (typeof stopReasons)[number];

/**
 * The run ends early: it sends nothing more (spec §4: moving a candidate stops the sequence).
 * `statusMessage` says why where the payload should show it (an opt-out).
 */
export const processorStopped = z.object({
  type: z.literal("ProcessorStopped"),
  data: z.object({ ...run, reason: z.enum(stopReasons), statusMessage: z.string().optional(), at: instant }),
});

/** Every step was sent. Appended with the last StepSent, by the same decision. */
export const processorFinished = z.object({
  type: z.literal("ProcessorFinished"),
  data: z.object({ ...run, at: instant }),
});

export const processorEvent = z.discriminatedUnion("type", [
  processorStarted,
  payloadEdited,
  payloadMadeReady,
  payloadApproved,
  stepScheduled,
  stepDrafted,
  stepSent,
  stepFailed,
  replyReceived,
  autoReplyReceived,
  stepBounced,
  messageOpened,
  processorPaused,
  processorResumed,
  processorStopped,
  processorFinished,
]);
export type ProcessorEvent = z.infer<typeof processorEvent>;
