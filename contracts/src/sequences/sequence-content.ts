import type { SequenceContent, SequenceStep } from "./events.ts";
import type { SequenceRow, StepRow } from "./rows.ts";

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

/** A sequence's row, but for who made it and when, from the whole sequence an event carries. */
export function contentOf(sequence: SequenceContent): Omit<SequenceRow, "user_id" | "created_at" | "updated_at"> {
  return {
    id: sequence.sequenceId,
    workspace_id: sequence.workspaceId,
    name: sequence.name,
    description: sequence.description,
    has_review: sequence.hasReview,
    has_write: sequence.hasWrite,
    allow_send_weekend: sequence.allowSendWeekend,
    allow_send_holiday: sequence.allowSendHoliday,
    track_opens: sequence.trackOpens !== false,
    holiday_country: sequence.holidayCountry,
    timezone: sequence.timezone,
    payload_fields: sequence.payloadFields,
    steps: sequence.steps.map(stepRowOf),
  };
}
