import type { PayloadOpenState } from "@hirestream/contracts/opens/open-kinds.ts";
import type { ProcessorEvent } from "@hirestream/contracts/processors/events.ts";
import { outboundMessage, timeZoneSources } from "@hirestream/contracts/processors/events.ts";
import { payloadStatusInfo, processorStatuses } from "@hirestream/contracts/processors/payload-status.ts";
import { emptyCount, payloadValues } from "@hirestream/contracts/processors/payload-values.ts";
import { payloadRow } from "@hirestream/contracts/processors/rows.ts";
import { payloadFields } from "@hirestream/contracts/sequences/rows.ts";
import { projectScope } from "@hirestream/contracts/sync/scopes.ts";
import { evolveProcessor, type Run } from "@hirestream/domain/processor/processor-state.ts";
import { z } from "zod";
import type { Projection } from "../projection.ts";
import { peopleProjection } from "./people.projection.ts";

/**
 * The run as its events leave it, kept beside the row for the next event. Message-IDs, sent steps
 * and opens are left out: they only keep a decision from recording a message or an open twice,
 * and the log holds each once.
 */
const storedRun = z.object({
  processorId: z.uuid(),
  candidacyId: z.uuid(),
  personId: z.uuid(),
  projectId: z.uuid(),
  workspaceId: z.uuid(),
  stageId: z.uuid(),
  sequenceId: z.uuid(),
  totalSteps: z.number().int(),
  hasReview: z.boolean(),
  fields: payloadFields,
  values: payloadValues,
  timeZone: z.string(),
  timeZoneSource: z.enum(timeZoneSources),
  status: z.enum(processorStatuses),
  nextPosition: z.number().int(),
  lastSentPosition: z.number().int(),
  lastSentAt: z.string().nullable(),
  scheduled: z.object({ position: z.number().int(), dueAt: z.string(), jobKey: z.string() }).nullable(),
  inFlight: z
    .object({
      position: z.number().int(),
      draftId: z.string().nullable(),
      messageId: z.string().nullable(),
      message: outboundMessage.nullable(),
    })
    .nullable(),
  thread: z.object({ messageIds: z.array(z.string()), subject: z.string() }),
  failMessage: z.string().nullable(),
  statusMessage: z.string().nullable(),
  /** The credential whose refused sign-in paused the run; rows stored before it was kept have none. */
  pausedFor: z.uuid().nullable().default(null),
});
type StoredRun = z.infer<typeof storedRun>;

export const payloadTableRow = payloadRow.extend({ run: storedRun });
export type PayloadTableRow = z.infer<typeof payloadTableRow>;

function stored(run: Run): StoredRun {
  const { messageIds: _seen, sent: _sent, opens: _opens, ...kept } = run;
  return kept;
}

/**
 * Whether the run's messages were opened by a person: a machine's fetch changes nothing, and a
 * step sent without a pixel (its sequence does not track opens) cannot say "not opened".
 */
function opensAfter(before: PayloadOpenState | null, event: ProcessorEvent): PayloadOpenState | null {
  if (event.type === "MessageOpened") return event.data.kind === "human" ? "opened" : before;
  if (event.type !== "StepSent") return before;
  if (event.data.message.tracked === true) return before === "opened" ? "opened" : "not_opened";
  return before ?? "not_tracked";
}

function rowOf(
  run: StoredRun,
  names: { first_name: string; last_name: string },
  opens: PayloadOpenState | null,
  createdAt: string,
  at: string,
) {
  const info = payloadStatusInfo(run.status, run.hasReview, emptyCount(run.fields, run.values));
  const row: PayloadTableRow = {
    id: run.processorId,
    workspace_id: run.workspaceId,
    project_id: run.projectId,
    project_person_id: run.candidacyId,
    person_id: run.personId,
    ...names,
    sequence_id: run.sequenceId,
    stage_id: run.stageId,
    has_review: run.hasReview,
    ...info,
    payload_values: { data: run.values },
    payload_fields: run.fields,
    time_zone: run.timeZone,
    time_zone_source: run.timeZoneSource,
    opens,
    processor: {
      id: run.processorId,
      status: run.status,
      last_step_sent_position: run.lastSentPosition,
      total_steps: run.totalSteps,
      last_step_sent_date: run.lastSentAt,
      current_step_schedule_date: run.scheduled?.dueAt ?? null,
      fail_message: run.failMessage,
      status_message: run.statusMessage,
    },
    run,
    created_at: createdAt,
    updated_at: at,
  };
  return row;
}

const processorEventTypes: ReadonlySet<string> = new Set([
  "ProcessorStarted",
  "PayloadEdited",
  "PayloadMadeReady",
  "PayloadApproved",
  "StepScheduled",
  "StepDrafted",
  "StepSent",
  "StepFailed",
  "ReplyReceived",
  "AutoReplyReceived",
  "StepBounced",
  "MessageOpened",
  "ProcessorPaused",
  "ProcessorResumed",
  "ProcessorStopped",
  "ProcessorFinished",
]);

function isProcessorEvent(event: { type: string }): event is ProcessorEvent {
  return processorEventTypes.has(event.type);
}

/**
 * The payloads read model (the Message tab's list): one row per run, synced in its project's scope
 * like the candidacies it belongs to. Its status, button and counts come from the status table
 * when the row is written; the person's name follows their record.
 */
export const payloadsProjection: Projection<PayloadTableRow> = {
  table: "payloads",
  row: payloadTableRow,
  entity: "payload",
  keys(event) {
    if (isProcessorEvent(event)) return [{ column: "id", value: event.data.processorId }];
    switch (event.type) {
      case "PersonProfileChanged":
        return [{ column: "person_id", value: event.data.personId }];
      case "ProjectRemoved":
        return [{ column: "project_id", value: event.data.projectId }];
      case "WorkspaceRemoved":
        return [{ column: "workspace_id", value: event.data.workspaceId }];
      default:
        return [];
    }
  },
  related(event) {
    return event.type === "ProcessorStarted" ? [{ projection: peopleProjection, id: event.data.personId }] : [];
  },
  apply(rows, event, { occurredAt, related }) {
    if (isProcessorEvent(event)) {
      const before = rows.get(event.data.processorId);
      const state = evolveProcessor(
        before
          ? { status: "started", run: { ...before.run, messageIds: new Set(), sent: new Map(), opens: new Set() } }
          : { status: "unknown" },
        event,
      );
      if (state.status !== "started") return;
      const person = before ?? related(peopleProjection, state.run.personId);
      const names = { first_name: person?.first_name ?? "", last_name: person?.last_name ?? "" };
      const opens = opensAfter(before?.opens ?? null, event);
      rows.put(rowOf(stored(state.run), names, opens, before?.created_at ?? occurredAt, occurredAt));
      return;
    }
    switch (event.type) {
      case "PersonProfileChanged": {
        const { first_name, last_name } = event.data.changes;
        if (first_name === undefined && last_name === undefined) return;
        for (const payload of rows.where("person_id", event.data.personId)) {
          rows.put({
            ...payload,
            first_name: first_name === undefined ? payload.first_name : (first_name ?? ""),
            last_name: last_name === undefined ? payload.last_name : (last_name ?? ""),
            updated_at: occurredAt,
          });
        }
        return;
      }
      case "ProjectRemoved":
        for (const payload of rows.where("project_id", event.data.projectId)) rows.delete(payload.id);
        return;
      case "WorkspaceRemoved":
        for (const payload of rows.where("workspace_id", event.data.workspaceId)) rows.delete(payload.id);
        return;
      default:
        return;
    }
  },
  scopes: (row) => [projectScope(row.project_id)],
  toClient: ({ run: _run, ...row }) => row,
};
