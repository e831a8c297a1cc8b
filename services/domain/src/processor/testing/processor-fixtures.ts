import type { ProcessorEvent } from "@hirestream/contracts/processors/events.ts";
import type { PayloadEventName } from "@hirestream/contracts/processors/payload-status.ts";
import type { ProjectRole } from "@hirestream/contracts/projects/events.ts";
import type { PayloadFields } from "@hirestream/contracts/sequences/rows.ts";
import type { WorkspaceRole } from "@hirestream/contracts/workspaces/events.ts";
import { fold } from "../../decider.ts";
import { type ProcessorCommand, type ProcessorContext, processorDecider } from "../processor.decider.ts";

// Given events, when a command, then events: the runs the processor's tests start from.

export const processorId = "5c1e2d3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f";
export const projectId = "7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d";
export const otherProjectId = "8b2c3d4e-5f6a-4b7c-9d8e-0f1a2b3c4d5e";
export const workspaceId = "3f2a9c1d-8b4e-4f6a-9c2d-1e0f5a6b7c8d";
export const actorId = "1c6e4f4f-7b2a-4d2f-8e8b-3a2d4c5b6f70";
export const candidacyId = "6d2f3e4a-5b6c-4d7e-8f9a-0b1c2d3e4f5a";
export const personId = "2a1b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d";
export const stageId = "e0000000-0000-4000-8000-000000000002";
export const sequenceId = "9f8e7d6c-5b4a-4392-8181-7f6e5d4c3b2a";
export const now = new Date("2026-11-24T15:00:00.000Z");
export const at = now.toISOString();
export const earlier = "2026-11-24T09:00:00.000Z";

export const fields: PayloadFields = {
  defaults: [
    { name: "first_name", used: true },
    { name: "company_name", used: false },
  ],
  customs: [{ name: "hook", type: "Text", used: true }],
};
export const filled = { first_name: "Ada", hook: "your talk at RustConf" };

export const ids = { processorId, projectId, workspaceId };

export const started = (
  fields_: { hasReview?: boolean; totalSteps?: number; values?: Record<string, string> } = {},
): ProcessorEvent => ({
  type: "ProcessorStarted",
  data: {
    ...ids,
    candidacyId,
    personId,
    stageId,
    sequenceId,
    totalSteps: fields_.totalSteps ?? 2,
    hasReview: fields_.hasReview ?? false,
    fields,
    values: fields_.values ?? { first_name: "Ada" },
    timeZone: "Europe/Berlin",
    timeZoneSource: "candidate",
    at: earlier,
  },
});
export const edited = (values: Record<string, string>, when = earlier): ProcessorEvent => ({
  type: "PayloadEdited",
  data: { ...ids, values, by: actorId, at: when },
});
export const madeReady = (when = earlier): ProcessorEvent => ({
  type: "PayloadMadeReady",
  data: { ...ids, by: actorId, at: when },
});
export const approved = (when = earlier): ProcessorEvent => ({
  type: "PayloadApproved",
  data: { ...ids, by: actorId, at: when },
});
export const scheduled = (position: number, jobKey = `step-${position}`): ProcessorEvent => ({
  type: "StepScheduled",
  data: { ...ids, position, dueAt: "2026-11-24T16:00:00.000Z", jobKey },
});
/** What step `position` went out as. */
export const message = (position: number) => ({
  from: "recruiter@hirestream.test",
  to: "ada@example.com",
  subject: position === 1 ? "Your talk" : "Re: Your talk",
  html: `<p>Step ${position}</p>`,
  references: [],
});
export const drafted = (position: number): ProcessorEvent => ({
  type: "StepDrafted",
  data: {
    ...ids,
    position,
    draftId: `draft-${position}`,
    messageId: `<step-${position}@hirestream.test>`,
    message: message(position),
  },
});
export const sent = (position: number, messageId = `<step-${position}@hirestream.test>`): ProcessorEvent => ({
  type: "StepSent",
  data: { ...ids, position, messageId, message: message(position), sentAt: "2026-11-24T16:00:05.000Z" },
});
export const failed = (position: number, uncertain?: boolean, when = earlier): ProcessorEvent => ({
  type: "StepFailed",
  data: {
    ...ids,
    position,
    failMessage: "Connection closed after DATA",
    ...(uncertain === undefined ? {} : { uncertain }),
    at: when,
  },
});
export const inbound = (messageId: string) => ({
  messageId,
  from: "ada@example.com",
  to: "recruiter@hirestream.test",
  subject: "Re: Your talk",
  html: "<p>Happy to talk.</p>",
  receivedAt: "2026-11-24T17:00:00.000Z",
});
export const replied = (messageId = "<reply-1@example.com>", afterStop = false): ProcessorEvent => ({
  type: "ReplyReceived",
  data: { ...ids, ...inbound(messageId), afterStop },
});
export const bounced = (position: number, messageId = "<dsn-1@mx.example.com>"): ProcessorEvent => ({
  type: "StepBounced",
  data: { ...ids, ...inbound(messageId), position, reason: "Mailbox unknown", status: "5.1.1" },
});
export const paused = (when = earlier): ProcessorEvent => ({
  type: "ProcessorPaused",
  data: { ...ids, statusMessage: "Paused by a user", by: actorId, at: when },
});
export const resumed = (when = earlier): ProcessorEvent => ({
  type: "ProcessorResumed",
  data: { ...ids, by: actorId, at: when },
});
export const stopped = (when = earlier): ProcessorEvent => ({
  type: "ProcessorStopped",
  data: { ...ids, reason: "moved", at: when },
});
export const finished = (when = at): ProcessorEvent => ({ type: "ProcessorFinished", data: { ...ids, at: when } });

/** The caller, by their workspace role and their role in the project; the project as its stream has it. */
export function as(
  role: WorkspaceRole | undefined,
  options: {
    projectRole?: ProjectRole;
    actor?: string | null;
    project?: Partial<NonNullable<ProcessorContext["project"]>> | null;
  } = {},
): ProcessorContext {
  return {
    now,
    actorId: options.actor === undefined ? actorId : options.actor,
    workspaceRoles: new Map(role ? [[workspaceId, role]] : []),
    projectRole: options.projectRole,
    project:
      options.project === null ? null : { projectId, workspaceId, visible: true, status: "Active", ...options.project },
  };
}

/** What the engine's records are decided with: no one, no project. */
export const system: ProcessorContext = {
  now,
  actorId: null,
  workspaceRoles: new Map(),
  projectRole: undefined,
  project: null,
};

export function decide(history: ProcessorEvent[], command: ProcessorCommand, context: ProcessorContext) {
  return processorDecider.decide(fold(processorDecider, history), command, context);
}

/** A run that went out without review and is waiting for its next step. */
export const sending = (): ProcessorEvent[] => [started(), edited(filled), approved()];

export const event = (name: PayloadEventName | "none"): ProcessorCommand => ({
  type: "SendPayloadEvent",
  data: { event: name },
});
export const editValues = (values: Record<string, string | null>): ProcessorCommand => ({
  type: "EditPayload",
  data: { values },
});
export const owner = as("owner");
/** A project's collaborator: writes messages, sends none. */
export const writer = as("collaborator", { projectRole: "collaborator" });
export const manager = as("collaborator", { projectRole: "manager" });
