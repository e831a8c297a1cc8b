import type { OutboundMessage, ProcessorEvent, TimeZoneSource } from "@hirestream/contracts/processors/events.ts";
import {
  type DisplayedStatus,
  displayedStatus,
  type ProcessorStatus,
} from "@hirestream/contracts/processors/payload-status.ts";
import { isComplete, type PayloadValues } from "@hirestream/contracts/processors/payload-values.ts";
import type { PayloadFields } from "@hirestream/contracts/sequences/rows.ts";

/** One run of a sequence for one candidacy, as its events leave it. */
export interface Run {
  processorId: string;
  candidacyId: string;
  personId: string;
  projectId: string;
  workspaceId: string;
  stageId: string;
  sequenceId: string;
  totalSteps: number;
  hasReview: boolean;
  fields: PayloadFields;
  values: PayloadValues;
  timeZone: string;
  timeZoneSource: TimeZoneSource;
  status: ProcessorStatus;
  /** The step to send next: totalSteps + 1 once every step went. A bounce sets it back to the bounced step. */
  nextPosition: number;
  /** The highest step that went, 0 before the first (spec §3 last_step_sent_position). */
  lastSentPosition: number;
  lastSentAt: string | null;
  scheduled: { position: number; dueAt: string; jobKey: string } | null;
  /**
   * A step whose message may be on its way: drafted, or failed uncertainly. Its StepSent is taken
   * whatever happened since (a pause, a stop, a reply): the message went, and the record says so.
   */
  inFlight: {
    position: number;
    draftId: string | null;
    messageId: string | null;
    message: OutboundMessage | null;
  } | null;
  /** The thread the next step replies on: every Message-ID sent so far, oldest first, and the last subject. */
  thread: { messageIds: string[]; subject: string };
  failMessage: string | null;
  statusMessage: string | null;
  /** The credential whose mailbox refused its sign-in and so paused the run; null for any other pause. */
  pausedFor: string | null;
  /** Message-IDs already recorded, sent or received: the same message reported twice is recorded once. */
  messageIds: ReadonlySet<string>;
  /** Each step's message as last sent, by position: the one its tracking pixel names. */
  sent: ReadonlyMap<number, SentStep>;
  /** The opens recorded, as `openKey` makes them: each message is opened once by a person and once by a machine. */
  opens: ReadonlySet<string>;
}

/** What an open of a step's message needs to know of it. */
export interface SentStep {
  messageId: string;
  to: string;
  sentAt: string;
  tracked: boolean;
}

export const openKey = (messageId: string, kind: string) => `${kind} ${messageId}`;

export type ProcessorState = { status: "unknown" } | { status: "started"; run: Run };

export function runIds(run: Run): { processorId: string; projectId: string; workspaceId: string } {
  return { processorId: run.processorId, projectId: run.projectId, workspaceId: run.workspaceId };
}

export function shownStatus(run: Run): DisplayedStatus {
  return displayedStatus(run.status, isComplete(run.fields, run.values));
}

const withMessage = (run: Run, messageId: string): ReadonlySet<string> => new Set([...run.messageIds, messageId]);

export function evolveProcessor(state: ProcessorState, event: ProcessorEvent): ProcessorState {
  if (event.type === "ProcessorStarted") {
    const { at: _at, ...data } = event.data;
    return {
      status: "started",
      run: {
        ...data,
        status: "pending",
        nextPosition: 1,
        lastSentPosition: 0,
        lastSentAt: null,
        scheduled: null,
        inFlight: null,
        thread: { messageIds: [], subject: "" },
        failMessage: null,
        statusMessage: null,
        pausedFor: null,
        messageIds: new Set(),
        sent: new Map(),
        opens: new Set(),
      },
    };
  }
  if (state.status !== "started") return state;
  const run = state.run;
  return { status: "started", run: evolveRun(run, event) };
}

function evolveRun(run: Run, event: ProcessorEvent): Run {
  switch (event.type) {
    case "PayloadEdited":
      return { ...run, values: event.data.values };
    case "PayloadMadeReady":
      return { ...run, status: "ready" };
    case "PayloadApproved":
    case "ProcessorResumed":
      return { ...run, status: "sending", failMessage: null, statusMessage: null, pausedFor: null };
    case "StepScheduled": {
      const { position, dueAt, jobKey } = event.data;
      return { ...run, scheduled: { position, dueAt, jobKey } };
    }
    case "StepDrafted":
      return {
        ...run,
        inFlight: {
          position: event.data.position,
          draftId: event.data.draftId,
          messageId: event.data.messageId,
          message: event.data.message,
        },
      };
    case "StepSent": {
      const { position, sentAt, messageId, message } = event.data;
      const recovered = run.status === "failed";
      return {
        ...run,
        status: recovered ? "sending" : run.status,
        failMessage: recovered ? null : run.failMessage,
        nextPosition: position + 1,
        lastSentPosition: Math.max(run.lastSentPosition, position),
        lastSentAt: sentAt,
        scheduled: null,
        inFlight: null,
        thread: { messageIds: [...run.thread.messageIds, messageId], subject: message.subject },
        messageIds: withMessage(run, messageId),
        sent: new Map(run.sent).set(position, { messageId, to: message.to, sentAt, tracked: message.tracked === true }),
      };
    }
    case "StepFailed": {
      const { position, failMessage, uncertain } = event.data;
      return {
        ...run,
        status: run.status === "sending" ? "failed" : run.status,
        failMessage,
        scheduled: null,
        inFlight: uncertain
          ? {
              position,
              draftId: run.inFlight?.draftId ?? null,
              messageId: run.inFlight?.messageId ?? null,
              message: run.inFlight?.message ?? null,
            }
          : null,
      };
    }
    case "ReplyReceived":
      if (event.data.afterStop) return { ...run, messageIds: withMessage(run, event.data.messageId) };
      return { ...run, status: "replied", scheduled: null, messageIds: withMessage(run, event.data.messageId) };
    case "AutoReplyReceived":
      return { ...run, messageIds: withMessage(run, event.data.messageId) };
    case "StepBounced": {
      const messageIds = withMessage(run, event.data.messageId);
      if (run.status === "replied" || run.status === "inactive") return { ...run, messageIds };
      return {
        ...run,
        status: "bounced",
        failMessage: event.data.reason,
        nextPosition: Math.min(run.nextPosition, event.data.position),
        scheduled: null,
        inFlight: null,
        messageIds,
      };
    }
    case "MessageOpened":
      return { ...run, opens: new Set(run.opens).add(openKey(event.data.messageId, event.data.kind)) };
    case "ProcessorPaused":
      return {
        ...run,
        status: "paused",
        statusMessage: event.data.statusMessage,
        pausedFor: event.data.credentialId ?? null,
        scheduled: null,
      };
    case "ProcessorStopped":
      return {
        ...run,
        status: "inactive",
        scheduled: null,
        statusMessage: event.data.statusMessage ?? run.statusMessage,
      };
    case "ProcessorFinished":
      return { ...run, status: "finished", scheduled: null };
    default:
      return run;
  }
}
