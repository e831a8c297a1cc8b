import { DomainError } from "@hirestream/contracts/errors.ts";
import { processorMessages } from "@hirestream/contracts/processors/commands.ts";
import type { OutboundMessage, ProcessorEvent } from "@hirestream/contracts/processors/events.ts";
import { openDecision, type RecordOpenData } from "../opens/open-decision.ts";
import { type Run, runIds, shownStatus } from "./processor-state.ts";

// What the outreach engine reports about a run: its schedule, its sends and the mail that comes
// back. These are the system's records, refused only when the run's status cannot take them.

interface Inbound {
  messageId: string;
  from: string;
  to: string;
  subject: string;
  html: string;
  inReplyTo?: string | undefined;
  receivedAt: string;
}

export type EngineCommand =
  | { type: "ScheduleStep"; data: { position: number; dueAt: string; jobKey: string } }
  | {
      type: "RecordStepDrafted";
      data: { position: number; draftId: string; messageId: string; message: OutboundMessage };
    }
  | {
      type: "RecordStepSent";
      data: {
        position: number;
        messageId: string;
        providerMessageId?: string | undefined;
        threadId?: string | undefined;
        message: OutboundMessage;
        sentAt: string;
      };
    }
  | { type: "RecordStepFailed"; data: { position: number; failMessage: string; uncertain?: boolean | undefined } }
  | { type: "RecordReply"; data: Inbound }
  | { type: "RecordAutoReply"; data: Inbound }
  | { type: "RecordBounce"; data: Inbound & { position: number; reason: string; status: string } }
  /** A fetch of a step's tracking pixel, whatever the run's status since. */
  | { type: "RecordOpen"; data: RecordOpenData };

export function engineDecision(run: Run, command: EngineCommand, at: string): ProcessorEvent[] {
  const ids = runIds(run);
  switch (command.type) {
    case "ScheduleStep": {
      const { position, dueAt, jobKey } = command.data;
      requireSending(run, "StepScheduled");
      requireNext(run, position);
      const { scheduled } = run;
      if (scheduled && scheduled.position === position && scheduled.jobKey === jobKey && scheduled.dueAt === dueAt)
        return [];
      return [{ type: "StepScheduled", data: { ...ids, position, dueAt, jobKey } }];
    }
    case "RecordStepDrafted": {
      const { position, draftId, messageId, message } = command.data;
      if (run.inFlight?.position === position && run.inFlight.draftId === draftId) return [];
      requireSending(run, "StepDrafted");
      requireNext(run, position);
      return [{ type: "StepDrafted", data: { ...ids, position, draftId, messageId, message } }];
    }
    case "RecordStepSent": {
      const { position, messageId, providerMessageId, threadId, message, sentAt } = command.data;
      if (run.messageIds.has(messageId) || position < run.nextPosition) return [];
      requireNext(run, position);
      if (run.inFlight?.position !== position) requireSending(run, "StepSent");
      const sent: ProcessorEvent = {
        type: "StepSent",
        data: {
          ...ids,
          position,
          messageId,
          ...(providerMessageId !== undefined ? { providerMessageId } : {}),
          ...(threadId !== undefined ? { threadId } : {}),
          message,
          sentAt,
        },
      };
      const ends = position === run.totalSteps && run.status !== "replied" && run.status !== "inactive";
      return ends ? [sent, { type: "ProcessorFinished", data: { ...ids, at } }] : [sent];
    }
    case "RecordStepFailed": {
      const { position, failMessage, uncertain } = command.data;
      // A failure of a step that went after all (an earlier attempt's, reported late) changes nothing.
      if (position < run.nextPosition) return [];
      if (run.status === "failed" && run.failMessage === failMessage) return [];
      requireNext(run, position);
      if (run.inFlight?.position !== position) requireSending(run, "StepFailed");
      return [
        {
          type: "StepFailed",
          data: { ...ids, position, failMessage, ...(uncertain !== undefined ? { uncertain } : {}), at },
        },
      ];
    }
    case "RecordReply":
      if (run.messageIds.has(command.data.messageId)) return [];
      return [
        { type: "ReplyReceived", data: { ...ids, ...inboundOf(command.data), afterStop: run.status === "inactive" } },
      ];
    case "RecordAutoReply":
      if (run.messageIds.has(command.data.messageId)) return [];
      return [{ type: "AutoReplyReceived", data: { ...ids, ...inboundOf(command.data) } }];
    case "RecordBounce": {
      const { position, reason, status } = command.data;
      if (run.messageIds.has(command.data.messageId)) return [];
      if (position < 1 || position > run.lastSentPosition)
        throw new DomainError("PROCESSOR_EVENT_NOT_ALLOWED", processorMessages.stepNotSent(position));
      return [{ type: "StepBounced", data: { ...ids, ...inboundOf(command.data), position, reason, status } }];
    }
    case "RecordOpen":
      return openDecision(run, command.data, at);
    default: {
      const never: never = command;
      return never;
    }
  }
}

/** The inbound fields an event keeps, without an absent In-Reply-To. */
function inboundOf(mail: Inbound) {
  const { messageId, from, to, subject, html, inReplyTo, receivedAt } = mail;
  return { messageId, from, to, subject, html, ...(inReplyTo !== undefined ? { inReplyTo } : {}), receivedAt };
}

/** A new step begins only while the run is sending: paused, stopped, replied or finished runs send nothing. */
function requireSending(run: Run, record: string): void {
  if (run.status !== "sending")
    throw new DomainError("PROCESSOR_EVENT_NOT_ALLOWED", processorMessages.eventNotAllowed(record, shownStatus(run)));
}

/** Steps go in order, one after the other. */
function requireNext(run: Run, position: number): void {
  if (position !== run.nextPosition)
    throw new DomainError("PROCESSOR_EVENT_NOT_ALLOWED", processorMessages.stepOutOfTurn(position, run.nextPosition));
}
