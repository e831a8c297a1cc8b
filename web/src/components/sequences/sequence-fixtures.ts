// Rows for the sequences tests: a sequence as the replica holds it, and a credential.
import type { CredentialRow } from "@hirestream/contracts/credentials/rows.ts";
import type { SequenceRow, StepRow } from "@hirestream/contracts/sequences/rows.ts";

const at = "2026-11-22T12:00:00.000Z";
export const workspaceId = "11111111-1111-4111-8111-111111111111";
export const authorId = "6f1c2a4e-8a1b-4c55-9d0e-3f2b1a0c9d11";
export const otherUserId = "7a2d3b5f-9b2c-4d66-8e1f-4a3c2b1d0e22";

export function step(position: number, providerId: string | null): StepRow {
  return {
    id: `5e000000-0000-4000-8000-00000000000${position}`,
    position,
    type: "Step::Message",
    name: `Step ${position}`,
    delay: position === 1 ? 0 : 1440,
    template_subject: "Hello",
    template_body: "<p>Hi</p>",
    provider_id: providerId,
    from: null,
    has_provider_signature: true,
    workday_start: "8am",
    workday_end: "8pm",
    default_fields: [],
    custom_fields: [],
  };
}

export function sequence(changes: Partial<SequenceRow> = {}): SequenceRow {
  return {
    id: "5e0e0000-0000-4000-8000-000000000001",
    workspace_id: workspaceId,
    name: "Backend outreach",
    description: "",
    has_review: false,
    has_write: false,
    allow_send_weekend: false,
    allow_send_holiday: false,
    track_opens: true,
    holiday_country: "US",
    timezone: "America/Chicago",
    payload_fields: { defaults: [], customs: [] },
    steps: [],
    user_id: authorId,
    created_at: at,
    updated_at: at,
    ...changes,
  };
}

export function credential(id: string, name: string): CredentialRow {
  return {
    id,
    workspace_id: workspaceId,
    name,
    email: `${name.toLowerCase().replace(/\s+/g, ".")}@example.com`,
    provider_type: "local",
    aliases: [],
    health: "Tested",
    fail_message: null,
    daily_limit: 200,
    min_gap_seconds: 60,
    user_id: authorId,
    created_at: at,
    updated_at: at,
  };
}
