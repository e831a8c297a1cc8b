import { type ProcessorStatus, payloadStatusInfo } from "@hirestream/contracts/processors/payload-status.ts";
import { emptyCount } from "@hirestream/contracts/processors/payload-values.ts";
import type { PayloadRow } from "@hirestream/contracts/processors/rows.ts";

const fields: PayloadRow["payload_fields"] = {
  defaults: [
    { name: "first_name", used: true },
    { name: "company_name", used: false },
  ],
  customs: [
    { name: "hook", type: "Text", used: true },
    { name: "pitch", type: "Text area", used: false },
  ],
};

let ids = 0;
const uuid = () => `00000000-0000-4000-8000-${String(++ids).padStart(12, "0")}`;

/** A payload row as the read model writes it, its status info worked out by the status table. */
export function payloadRow(
  changes: Partial<Omit<PayloadRow, "processor">> & {
    runStatus?: ProcessorStatus;
    processor?: Partial<PayloadRow["processor"]>;
  } = {},
): PayloadRow {
  const { runStatus = "pending", processor, ...rest } = changes;
  const id = rest.id ?? uuid();
  const values = rest.payload_values?.data ?? { first_name: "Ada" };
  const hasReview = rest.has_review ?? false;
  const base: PayloadRow = {
    id,
    workspace_id: "00000000-0000-4000-8000-aaaaaaaaaaaa",
    project_id: "00000000-0000-4000-8000-bbbbbbbbbbbb",
    project_person_id: uuid(),
    person_id: uuid(),
    first_name: "Ada",
    last_name: "Lovelace",
    sequence_id: "00000000-0000-4000-8000-cccccccccccc",
    stage_id: "00000000-0000-4000-8000-dddddddddddd",
    has_review: hasReview,
    ...payloadStatusInfo(runStatus, hasReview, emptyCount(rest.payload_fields ?? fields, values)),
    payload_values: { data: values },
    payload_fields: fields,
    time_zone: "America/Chicago",
    time_zone_source: "sequence",
    opens: null,
    processor: {
      id,
      status: runStatus,
      last_step_sent_position: 0,
      total_steps: 2,
      last_step_sent_date: null,
      current_step_schedule_date: null,
      fail_message: null,
      status_message: null,
      ...processor,
    },
    created_at: "2026-11-25T10:00:00.000Z",
    updated_at: "2026-11-25T10:00:00.000Z",
  };
  return { ...base, ...rest, payload_values: { data: values } };
}
