import type { SequenceContent, SequenceStep } from "@hirestream/contracts/sequences/events.ts";
import { type SequenceRow, type StepRow, sequenceRow } from "@hirestream/contracts/sequences/rows.ts";
import { workspaceScope } from "@hirestream/contracts/sync/scopes.ts";
import type { Projection } from "../projection.ts";

const stepRowOf = (step: SequenceStep): StepRow => ({
  id: step.id,
  position: step.position,
  type: "Step::Message",
  name: step.name,
  delay: step.delay,
  template_subject: step.templateSubject,
  template_body: step.templateBody,
  provider_id: step.providerId,
  from: step.from,
  has_provider_signature: step.hasProviderSignature,
  workday_start: step.workdayStart,
  workday_end: step.workdayEnd,
  default_fields: step.defaultFields,
  custom_fields: step.customFields,
});

/** The row's content from the whole sequence an event carries. */
function contentOf(sequence: SequenceContent) {
  return {
    id: sequence.sequenceId,
    workspace_id: sequence.workspaceId,
    name: sequence.name,
    description: sequence.description,
    has_review: sequence.hasReview,
    has_write: sequence.hasWrite,
    allow_send_weekend: sequence.allowSendWeekend,
    allow_send_holiday: sequence.allowSendHoliday,
    holiday_country: sequence.holidayCountry,
    timezone: sequence.timezone,
    payload_fields: sequence.payloadFields,
    steps: sequence.steps.map(stepRowOf),
  };
}

/** The sequences read model, synced to the members of the workspace. */
export const sequencesProjection: Projection<SequenceRow> = {
  table: "sequences",
  row: sequenceRow,
  entity: "sequence",
  keys(event) {
    switch (event.type) {
      case "SequenceCreated":
      case "SequenceEdited":
      case "SequenceRemoved":
        return [{ column: "id", value: event.data.sequenceId }];
      case "WorkspaceRemoved":
        return [{ column: "workspace_id", value: event.data.workspaceId }];
      default:
        return [];
    }
  },
  apply(rows, event, { occurredAt }) {
    switch (event.type) {
      case "SequenceCreated":
        rows.put({
          ...contentOf(event.data),
          user_id: event.data.userId,
          created_at: occurredAt,
          updated_at: occurredAt,
        });
        return;
      case "SequenceEdited": {
        const sequence = rows.get(event.data.sequenceId);
        if (sequence) rows.put({ ...sequence, ...contentOf(event.data), updated_at: occurredAt });
        return;
      }
      case "SequenceRemoved":
        rows.delete(event.data.sequenceId);
        return;
      case "WorkspaceRemoved":
        for (const sequence of rows.where("workspace_id", event.data.workspaceId)) rows.delete(sequence.id);
        return;
      default:
        return;
    }
  },
  scopes: (sequence) => [workspaceScope(sequence.workspace_id)],
  toClient: (sequence) => sequence,
};
