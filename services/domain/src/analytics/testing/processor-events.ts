import { at, type EventOf, type Examples, type Given, ids } from "./example-ids.ts";

type Run = "processorId" | "projectId" | "workspaceId";

/** A run without review, its payload empty, in UTC as its sequence says, unless given. */
export const processorStarted = (
  data: Given<"ProcessorStarted", Run | "candidacyId" | "personId" | "stageId" | "sequenceId" | "totalSteps" | "at">,
): EventOf<"ProcessorStarted"> => ({
  type: "ProcessorStarted",
  data: {
    hasReview: false,
    fields: { defaults: [], customs: [] },
    values: {},
    timeZone: "UTC",
    timeZoneSource: "sequence",
    ...data,
  },
});

/** A hard bounce of a step's message (no such user), unless given otherwise. */
export const stepBounced = (
  data: Given<"StepBounced", Run | "messageId" | "from" | "to" | "position" | "receivedAt">,
): EventOf<"StepBounced"> => ({
  type: "StepBounced",
  data: { subject: "Undeliverable", html: "", reason: "no such user", status: "5.1.1", ...data },
});

const run = { processorId: ids.processor, projectId: ids.project, workspaceId: ids.workspace };
const message = { from: "me@example.com", to: "ada@example.com", subject: "Hello", html: "<p>Hi</p>", references: [] };
const inbound = { ...run, messageId: "<reply@example.com>", from: "ada@example.com", to: "me@example.com" };

export const processorEvents: Examples<
  | "ProcessorStarted"
  | "PayloadEdited"
  | "PayloadMadeReady"
  | "PayloadApproved"
  | "StepScheduled"
  | "StepDrafted"
  | "StepSent"
  | "StepFailed"
  | "ReplyReceived"
  | "AutoReplyReceived"
  | "StepBounced"
  | "MessageOpened"
  | "ProcessorPaused"
  | "ProcessorResumed"
  | "ProcessorStopped"
  | "ProcessorFinished"
> = {
  ProcessorStarted: processorStarted({
    ...run,
    candidacyId: ids.candidacy,
    personId: ids.person,
    stageId: ids.stageA,
    sequenceId: ids.sequence,
    totalSteps: 1,
    at,
  }),
  PayloadEdited: { type: "PayloadEdited", data: { ...run, values: {}, by: ids.user, at } },
  PayloadMadeReady: { type: "PayloadMadeReady", data: { ...run, by: ids.user, at } },
  PayloadApproved: { type: "PayloadApproved", data: { ...run, by: ids.user, at } },
  StepScheduled: { type: "StepScheduled", data: { ...run, position: 1, dueAt: at, jobKey: "job" } },
  StepDrafted: {
    type: "StepDrafted",
    data: { ...run, position: 1, draftId: "draft", messageId: "<step1@example.com>", message },
  },
  StepSent: {
    type: "StepSent",
    data: {
      ...run,
      position: 1,
      messageId: "<step1@example.com>",
      message: { ...message, tracked: true },
      sentAt: "2026-11-02T11:00:00.000Z",
    },
  },
  StepFailed: { type: "StepFailed", data: { ...run, position: 1, failMessage: "no", at } },
  ReplyReceived: {
    type: "ReplyReceived",
    data: {
      ...inbound,
      subject: "Re: Hello",
      html: "<p>Yes</p>",
      inReplyTo: "<step1@example.com>",
      receivedAt: "2026-11-02T15:00:00.000Z",
      afterStop: false,
    },
  },
  AutoReplyReceived: {
    type: "AutoReplyReceived",
    data: { ...inbound, messageId: "<auto@example.com>", subject: "Away", html: "<p>Away</p>", receivedAt: at },
  },
  StepBounced: stepBounced({
    ...inbound,
    messageId: "<dsn@example.com>",
    position: 1,
    receivedAt: "2026-11-02T12:00:00.000Z",
  }),
  MessageOpened: {
    type: "MessageOpened",
    data: { ...run, position: 1, messageId: "<step1@example.com>", kind: "human", at: "2026-11-02T13:00:00.000Z" },
  },
  ProcessorPaused: { type: "ProcessorPaused", data: { ...run, statusMessage: "Paused", by: ids.user, at } },
  ProcessorResumed: { type: "ProcessorResumed", data: { ...run, by: ids.user, at } },
  ProcessorStopped: { type: "ProcessorStopped", data: { ...run, reason: "moved", at } },
  ProcessorFinished: { type: "ProcessorFinished", data: { ...run, at } },
};
