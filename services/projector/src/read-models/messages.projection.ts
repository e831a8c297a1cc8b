import type { DomainEvent } from "@hirestream/contracts/events.ts";
import { type MessageRow, messageRow } from "@hirestream/contracts/mailbox/message-rows.ts";
import { projectScope } from "@hirestream/contracts/sync/scopes.ts";
import { scopedId } from "@hirestream/eventstore/event-id.ts";
import type { EventContext, Projection, RowSet } from "../projection.ts";
import { payloadsProjection } from "./payloads.projection.ts";

type ThreadEvent = Extract<DomainEvent, { type: "StepSent" | "ReplyReceived" | "AutoReplyReceived" | "StepBounced" }>;
type OpenEvent = Extract<DomainEvent, { type: "MessageOpened" }>;
type Incoming = Extract<ThreadEvent, { type: "ReplyReceived" | "AutoReplyReceived" | "StepBounced" }>;

function isThreadEvent(event: DomainEvent): event is ThreadEvent {
  return (
    event.type === "StepSent" ||
    event.type === "ReplyReceived" ||
    event.type === "AutoReplyReceived" ||
    event.type === "StepBounced"
  );
}

/** A message's row id: the same message of the same run is one row, however often it is projected. */
export const messageRowId = (processorId: string, messageId: string) => scopedId(processorId, `message ${messageId}`);

const kinds = { ReplyReceived: "reply", AutoReplyReceived: "auto_reply", StepBounced: "bounce" } as const;

function sentRow(event: Extract<ThreadEvent, { type: "StepSent" }>, personId: string, at: string): MessageRow {
  const { processorId, projectId, workspaceId, position, messageId, message, sentAt } = event.data;
  return {
    id: messageRowId(processorId, messageId),
    type: "Message::Out",
    kind: null,
    workspace_id: workspaceId,
    project_id: projectId,
    person_id: personId,
    processor_id: processorId,
    position,
    status: "sent",
    from: message.from,
    to: message.to,
    subject: message.subject,
    body_untracked: message.html,
    message_id: messageId,
    in_reply_to: message.inReplyTo ?? null,
    tracked: message.tracked === true,
    opened_at: null,
    machine_opened_at: null,
    machine_opener: null,
    created_at: sentAt,
    updated_at: at,
  };
}

function receivedRow(event: Incoming, personId: string, at: string): MessageRow {
  const { processorId, projectId, workspaceId, messageId, from, to, subject, html, inReplyTo, receivedAt } = event.data;
  return {
    id: messageRowId(processorId, messageId),
    type: "Message::In",
    kind: kinds[event.type],
    workspace_id: workspaceId,
    project_id: projectId,
    person_id: personId,
    processor_id: processorId,
    position: event.type === "StepBounced" ? event.data.position : null,
    status: "received",
    from,
    to,
    subject,
    body_untracked: html,
    message_id: messageId,
    in_reply_to: inReplyTo ?? null,
    tracked: false,
    opened_at: null,
    machine_opened_at: null,
    machine_opener: null,
    created_at: receivedAt,
    updated_at: at,
  };
}

function applyThreadEvent(rows: RowSet<MessageRow>, event: ThreadEvent, { occurredAt, related }: EventContext) {
  const { processorId } = event.data;
  const personId = related(payloadsProjection, processorId)?.person_id;
  // A run's payload is written from its first event on, so a run without one is not in the log.
  if (personId === undefined) return;
  if (rows.get(messageRowId(processorId, event.data.messageId))) return;
  if (event.type === "StepSent") {
    rows.put(sentRow(event, personId, occurredAt));
    return;
  }
  rows.put(receivedRow(event, personId, occurredAt));
  if (event.type !== "StepBounced") return;
  for (const message of rows.where("processor_id", processorId)) {
    if (message.type === "Message::Out" && message.position === event.data.position && message.status === "sent")
      rows.put({ ...message, status: "bounced", updated_at: occurredAt });
  }
}

/** The first open of each kind stays: a person's marks the message opened, a machine's is kept apart. */
function applyOpen(rows: RowSet<MessageRow>, event: OpenEvent, occurredAt: string) {
  const message = rows.get(messageRowId(event.data.processorId, event.data.messageId));
  if (!message) return;
  if (event.data.kind === "human") {
    if (message.opened_at === null) rows.put({ ...message, opened_at: event.data.at, updated_at: occurredAt });
    return;
  }
  if (message.machine_opened_at === null)
    rows.put({
      ...message,
      machine_opened_at: event.data.at,
      machine_opener: event.data.opener,
      updated_at: occurredAt,
    });
}

/**
 * The messages read model (API.md "Messages"): every step a run sent and every message received on
 * its thread, from the run's events alone, synced in the project's scope. The person a run is for
 * comes from its payload row, which its ProcessorStarted wrote before any message.
 */
export const messagesProjection: Projection<MessageRow> = {
  table: "messages",
  row: messageRow,
  entity: "message",
  keys(event) {
    if (isThreadEvent(event) || event.type === "MessageOpened")
      return [{ column: "processor_id", value: event.data.processorId }];
    switch (event.type) {
      case "ProjectRemoved":
        return [{ column: "project_id", value: event.data.projectId }];
      case "WorkspaceRemoved":
        return [{ column: "workspace_id", value: event.data.workspaceId }];
      default:
        return [];
    }
  },
  related(event) {
    return isThreadEvent(event) ? [{ projection: payloadsProjection, id: event.data.processorId }] : [];
  },
  apply(rows, event, context) {
    if (isThreadEvent(event)) {
      applyThreadEvent(rows, event, context);
      return;
    }
    switch (event.type) {
      case "MessageOpened":
        applyOpen(rows, event, context.occurredAt);
        return;
      case "ProjectRemoved":
        for (const message of rows.where("project_id", event.data.projectId)) rows.delete(message.id);
        return;
      case "WorkspaceRemoved":
        for (const message of rows.where("workspace_id", event.data.workspaceId)) rows.delete(message.id);
        return;
      default:
        return;
    }
  },
  scopes: (row) => [projectScope(row.project_id)],
  toClient: (row) => row,
};
