// The Message tab's writes as outbox commands (spec §7 "Update payload", "Payload event"): what is
// sent, and what the list and the editor show at once, worked out by the same status table the
// server decides with.
import { processorMessages } from "@hirestream/contracts/processors/commands.ts";
import {
  NO_EVENT,
  type PayloadEventName,
  type ProcessorStatus,
  payloadStatusInfo,
} from "@hirestream/contracts/processors/payload-status.ts";
import { applyEdit, emptyCount, type ValueRejection } from "@hirestream/contracts/processors/payload-values.ts";
import type { PayloadRow } from "@hirestream/contracts/processors/rows.ts";
import type { Command } from "../../../replica/outbox.ts";

/** A row as a screen holds it: maybe with the replica's bookkeeping, which is not the server's. */
export type ShownPayload = PayloadRow & { scopes?: string[]; _pending?: number };

function plain(row: ShownPayload): PayloadRow {
  const { scopes: _scopes, _pending, ...payload } = row;
  return payload;
}

const payloadPath = (row: PayloadRow) =>
  `/workspaces/${row.workspace_id}/projects/${row.project_id}/payloads/${row.id}`;

/** The row with its run in `status` and values, its displayed status, counts and button worked out again. */
function withRun(
  row: PayloadRow,
  status: ProcessorStatus,
  values: PayloadRow["payload_values"]["data"],
  now: Date,
  messages: Pick<PayloadRow["processor"], "status_message" | "fail_message"> = row.processor,
): PayloadRow {
  const info = payloadStatusInfo(status, row.has_review, emptyCount(row.payload_fields, values));
  return {
    ...row,
    ...info,
    payload_values: { data: values },
    processor: { ...row.processor, status, ...messages },
    updated_at: now.toISOString(),
  };
}

/**
 * The values changed in the editor, by field name (blank clears a field). Null when nothing
 * changed; a rejection, in the spec's words, for a value the server would refuse.
 */
export function editPayload(
  row: ShownPayload,
  edits: Readonly<Record<string, string>>,
  now: Date,
): { command: Command | null } | { rejection: ValueRejection } {
  const current = row.payload_values.data;
  const changed = Object.fromEntries(Object.entries(edits).filter(([name, value]) => (current[name] ?? "") !== value));
  if (Object.keys(changed).length === 0) return { command: null };
  const result = applyEdit(row.payload_fields, current, changed);
  if ("rejection" in result) return result;
  const next = withRun(plain(row), row.processor.status, result.values, now);
  return {
    command: {
      method: "PUT",
      path: payloadPath(row),
      body: { payload_values: { data: changed } },
      optimistic: [{ table: "payloads", id: row.id, next }],
    },
  };
}

/** What each event makes of the run (the processor decider's evolve, for what shows at once). */
const statusAfter: Record<PayloadEventName, ProcessorStatus> = {
  event_ready: "ready",
  event_send: "sending",
  event_resume: "sending",
  event_pause: "paused",
};

/** A button or control of the status table; the server refuses (409) what the status does not allow. */
export function sendPayloadEvent(
  row: ShownPayload,
  event: PayloadEventName | typeof NO_EVENT,
  now: Date,
): Command | null {
  if (event === NO_EVENT) return null;
  const status = statusAfter[event];
  // Pausing says who paused; setting it going again clears what stopped it.
  const messages =
    event === "event_pause"
      ? { status_message: processorMessages.pausedByUser, fail_message: row.processor.fail_message }
      : event === "event_ready"
        ? row.processor
        : { status_message: null, fail_message: null };
  const next = withRun(plain(row), status, row.payload_values.data, now, messages);
  return {
    method: "PUT",
    path: `${payloadPath(row)}/event`,
    body: { event_name: event },
    optimistic: [{ table: "payloads", id: row.id, next }],
  };
}
