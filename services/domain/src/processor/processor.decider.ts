import { DomainError } from "@hirestream/contracts/errors.ts";
import { optOutMessages } from "@hirestream/contracts/opt-outs/messages.ts";
import { payloadValuePointer, processorMessages } from "@hirestream/contracts/processors/commands.ts";
import type { ProcessorEvent, StopReason, TimeZoneSource } from "@hirestream/contracts/processors/events.ts";
import { payloadEventPower } from "@hirestream/contracts/processors/payload-powers.ts";
import {
  eventAllowed,
  isEditable,
  NO_EVENT,
  type PayloadEventName,
} from "@hirestream/contracts/processors/payload-status.ts";
import {
  applyEdit,
  firstMissing,
  payloadValueMessages,
  startingValues,
} from "@hirestream/contracts/processors/payload-values.ts";
import type { PayloadFields } from "@hirestream/contracts/sequences/rows.ts";
import type { Decider } from "../decider.ts";
import { type ProcessorContext, writablePayload } from "./processor-access.ts";
import { type EngineCommand, engineDecision } from "./processor-engine.ts";
import { evolveProcessor, type ProcessorState, type Run, runIds, shownStatus } from "./processor-state.ts";

/*
 * The run's state machine (spec §4 "Sequence processor status"). Draft is a pending run whose
 * required fields are all filled; it is shown, never stored. Anything not in the table is refused
 * with PROCESSOR_EVENT_NOT_ALLOWED (409) and changes nothing.
 *
 * | from                         | what happens                          | to                                  |
 * |------------------------------|---------------------------------------|-------------------------------------|
 * | (none)                       | StartProcessor                        | pending                             |
 * | pending, ready, failed,      | EditPayload (ready stays complete)    | same                                |
 * |   paused                     |                                       |                                     |
 * | draft, with review           | event_ready → PayloadMadeReady        | ready                               |
 * | draft without review, ready, | event_send → PayloadApproved          | sending                             |
 * |   failed, bounced            |   (values complete)                   |                                     |
 * | ready, sending, failed,      | event_pause → ProcessorPaused         | paused                              |
 * |   bounced                    |                                       |                                     |
 * | paused                       | event_resume → ProcessorResumed       | sending                             |
 * | sending                      | PauseForCredential → ProcessorPaused  | paused (by the system, for the      |
 * |                              |   (its mailbox's sign-in was refused) |   credential)                       |
 * | paused for that credential   | ResumeForCredential → ProcessorResumed| sending (by who reconnected it)     |
 * | sending                      | ScheduleStep, RecordStepDrafted       | sending                             |
 * | sending (or the step in      | RecordStepSent → StepSent             | sending; finished after the last    |
 * |   flight, whatever since)    |   (+ ProcessorFinished on the last,   |   (paused stays but for the last;   |
 * |                              |   unless replied or inactive)         |   replied and inactive stay)        |
 * | sending (or in flight)       | RecordStepFailed → StepFailed         | failed (others stay)                |
 * | every status                 | RecordReply → ReplyReceived           | replied (inactive stays: afterStop) |
 * | every status                 | RecordAutoReply → AutoReplyReceived   | same                                |
 * | a tracked step was sent      | RecordOpen → MessageOpened            | same (once per message and kind)    |
 * | a step was sent              | RecordBounce → StepBounced            | bounced (replied/inactive stay)     |
 * | pending, ready, sending,     | StopProcessor → ProcessorStopped      | inactive                            |
 * |   failed, bounced, paused    |   (replied, finished, inactive: none) |   (an opt-out says so: statusMessage)|
 *
 * Replied, finished and inactive take no more steps. A step or a message reported twice is
 * recorded once.
 */

export interface StartProcessorData {
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
  /** What the candidate's and the project's data hold for the fields, by name. */
  known: Readonly<Record<string, string | null>>;
  timeZone: string;
  timeZoneSource: TimeZoneSource;
}

export type ProcessorCommand =
  /** A candidacy entered a stage that starts a sequence; starting the same run again does nothing. */
  | { type: "StartProcessor"; data: StartProcessorData }
  /** PUT …/payloads/{id}: the values changed; null or blank clears a field. */
  | { type: "EditPayload"; data: { values: Readonly<Record<string, string | null>> } }
  /** PUT …/payloads/{id}/event or …/sequence_processors/{sp}/event; "none" does nothing. */
  | { type: "SendPayloadEvent"; data: { event: PayloadEventName | typeof NO_EVENT } }
  | { type: "StopProcessor"; data: { reason: StopReason } }
  /** The system's: the credential's mailbox refused its sign-in, so a sending run waits for Reconnect. */
  | { type: "PauseForCredential"; data: { credentialId: string; statusMessage: string } }
  /** Reconnecting the credential: a run it paused goes on, resumed by who reconnected it. */
  | { type: "ResumeForCredential"; data: { credentialId: string } }
  | EngineCommand;

export type { ProcessorContext } from "./processor-access.ts";

export const processorDecider: Decider<ProcessorState, ProcessorCommand, ProcessorEvent, ProcessorContext> = {
  initialState: () => ({ status: "unknown" }),
  evolve: evolveProcessor,

  decide(state, command, context) {
    const at = context.now.toISOString();
    switch (command.type) {
      case "StartProcessor": {
        if (state.status === "started") return [];
        const { known, ...data } = command.data;
        if (!Number.isInteger(data.totalSteps) || data.totalSteps < 1)
          throw new DomainError("VALIDATION", processorMessages.noSteps);
        return [{ type: "ProcessorStarted", data: { ...data, values: startingValues(data.fields, known), at } }];
      }
      case "EditPayload": {
        const { run, actorId } = writablePayload(state, context, "messages.write");
        return edit(run, command.data.values, actorId, at);
      }
      case "SendPayloadEvent":
        return payloadEvent(state, command.data.event, context);
      case "StopProcessor": {
        const run = startedRun(state);
        if (run.status === "replied" || run.status === "finished" || run.status === "inactive") return [];
        const { reason } = command.data;
        // An opt-out is the candidate's doing, not the team's: the payload says so.
        const why = reason === "opted_out" ? { statusMessage: optOutMessages.runStopped } : {};
        return [{ type: "ProcessorStopped", data: { ...runIds(run), reason, ...why, at } }];
      }
      case "PauseForCredential": {
        const run = startedRun(state);
        if (run.status !== "sending") return [];
        const { credentialId, statusMessage } = command.data;
        return [{ type: "ProcessorPaused", data: { ...runIds(run), statusMessage, by: null, at, credentialId } }];
      }
      case "ResumeForCredential": {
        const run = startedRun(state);
        // Only a pause of this credential's making: one a person chose, or another's, stays.
        if (run.status !== "paused" || run.pausedFor !== command.data.credentialId) return [];
        return [{ type: "ProcessorResumed", data: { ...runIds(run), by: context.actorId, at } }];
      }
      default:
        return engineDecision(startedRun(state), command, at);
    }
  },
};

export function startedRun(state: ProcessorState): Run {
  if (state.status !== "started") throw new DomainError("NOT_FOUND", processorMessages.notFound);
  return state.run;
}

function edit(
  run: Run,
  values: Readonly<Record<string, string | null>>,
  actorId: string,
  at: string,
): ProcessorEvent[] {
  const shown = shownStatus(run);
  if (!isEditable(shown)) throw new DomainError("PROCESSOR_EVENT_NOT_ALLOWED", processorMessages.notEditable(shown));
  const result = applyEdit(run.fields, run.values, values);
  if ("rejection" in result) {
    const { name, message } = result.rejection;
    throw new DomainError("VALIDATION", message, payloadValuePointer(name));
  }
  // A ready payload waits for its sender as it is: it stays whole while it waits.
  if (run.status === "ready") requireComplete(run.fields, result.values);
  if (sameValues(run.values, result.values)) return [];
  return [{ type: "PayloadEdited", data: { ...runIds(run), values: result.values, by: actorId, at } }];
}

function payloadEvent(
  state: ProcessorState,
  event: PayloadEventName | typeof NO_EVENT,
  context: ProcessorContext,
): ProcessorEvent[] {
  const at = context.now.toISOString();
  // With review, only those who approve set a payload going, whether by Send or by resuming it.
  const { run, actorId } = writablePayload(state, context, (run: Run) => payloadEventPower(event, run.hasReview));
  if (event === NO_EVENT) return [];
  const shown = shownStatus(run);
  if (!eventAllowed(event, shown, run.hasReview))
    throw new DomainError("PROCESSOR_EVENT_NOT_ALLOWED", processorMessages.eventNotAllowed(event, shown));
  const ids = runIds(run);
  switch (event) {
    case "event_ready":
      return [{ type: "PayloadMadeReady", data: { ...ids, by: actorId, at } }];
    case "event_send":
      requireComplete(run.fields, run.values);
      return [{ type: "PayloadApproved", data: { ...ids, by: actorId, at } }];
    case "event_resume":
      requireComplete(run.fields, run.values);
      return [{ type: "ProcessorResumed", data: { ...ids, by: actorId, at } }];
    case "event_pause":
      return [
        { type: "ProcessorPaused", data: { ...ids, statusMessage: processorMessages.pausedByUser, by: actorId, at } },
      ];
    default: {
      const never: never = event;
      return never;
    }
  }
}

/** Nothing goes with a required field empty: the refusal points at the first one. */
function requireComplete(fields: PayloadFields, values: Readonly<Record<string, string>>): void {
  const missing = firstMissing(fields, values);
  if (missing !== null)
    throw new DomainError("VALIDATION", payloadValueMessages.required, payloadValuePointer(missing));
}

function sameValues(a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}
