// What New and Edit Sequence send (spec §7, API.md Outreach), and the row the list shows before the server answers.
import type { SequenceRow, StepRow } from "@hirestream/contracts/sequences/rows.ts";
import { DEFAULT_VARIABLES, variablesIn } from "@hirestream/contracts/sequences/variables.ts";
import type { SequenceDraft, StepDraft } from "./sequence-draft.ts";

/** Spec §5: "on save, provider_type is removed from each step before sending". */
export function stepAttributesOf(step: StepDraft) {
  const { provider_type: _type, ...sent } = step;
  return { ...sent, name: step.name.trim(), template_subject: step.template_subject.trim() };
}

/** The attributes of POST and PUT …/sequences: the sequence, its custom variables and its steps. */
export function sequenceAttributesOf(draft: SequenceDraft, workspaceId: string) {
  return {
    name: draft.name.trim(),
    description: draft.description.trim(),
    has_review: draft.has_review ?? false,
    allow_send_weekend: draft.allow_send_weekend,
    allow_send_holiday: draft.allow_send_holiday,
    track_opens: draft.track_opens,
    holiday_country: draft.holiday_country,
    timezone: draft.timezone,
    payload_fields: { customs: draft.customs.map(({ name, type }) => ({ name, type })) },
    steps: draft.steps.map(stepAttributesOf),
    workspace_id: workspaceId,
  };
}

function usedIn(step: Pick<StepDraft, "template_subject" | "template_body">): Set<string> {
  return new Set([...variablesIn(step.template_subject), ...variablesIn(step.template_body)]);
}

export interface RowIdentity {
  id: string;
  workspaceId: string;
  userId: string;
  createdAt: string;
  updatedAt: string;
}

/** The sequence as the replica shows it until the server's row replaces it. */
export function sequenceRowOf(draft: SequenceDraft, identity: RowIdentity): SequenceRow {
  const customNames = new Set(draft.customs.map((custom) => custom.name));
  const steps = draft.steps.map((step): StepRow => {
    const used = [...usedIn(step)];
    const sent = stepAttributesOf(step);
    return {
      ...sent,
      type: "Step::Message",
      default_fields: used.filter((name) => DEFAULT_VARIABLES.includes(name)),
      custom_fields: used.filter((name) => customNames.has(name)),
    };
  });
  const used = new Set(steps.flatMap((step) => [...step.default_fields, ...step.custom_fields]));
  const attributes = sequenceAttributesOf(draft, identity.workspaceId);
  return {
    id: identity.id,
    workspace_id: identity.workspaceId,
    name: attributes.name,
    description: attributes.description,
    has_review: attributes.has_review,
    has_write: draft.customs.length > 0,
    allow_send_weekend: attributes.allow_send_weekend,
    allow_send_holiday: attributes.allow_send_holiday,
    track_opens: attributes.track_opens,
    holiday_country: attributes.holiday_country,
    timezone: attributes.timezone,
    payload_fields: {
      defaults: DEFAULT_VARIABLES.map((name) => ({ name, used: used.has(name) })),
      customs: draft.customs.map(({ name, type }) => ({ name, type, used: used.has(name) })),
    },
    steps,
    user_id: identity.userId,
    created_at: identity.createdAt,
    updated_at: identity.updatedAt,
  };
}
