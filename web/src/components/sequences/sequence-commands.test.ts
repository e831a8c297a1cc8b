import { sequenceRow } from "@hirestream/contracts/sequences/rows.ts";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createSequence, updateSequence } from "./sequence-commands.ts";
import { newSequenceDraft, type SequenceDraft } from "./sequence-draft.ts";

const workspaceId = "00000000-0000-4000-8000-0000000000a1";
const userId = "00000000-0000-4000-8000-0000000000b1";
const credential = "00000000-0000-4000-8000-0000000000c1";
const sequenceId = "00000000-0000-4000-8000-0000000000d1";
const now = new Date("2026-11-24T12:00:00.000Z");
let n = 0;
const newId = () => `00000000-0000-4000-8000-${String(++n).padStart(12, "0")}`;

function filled(): SequenceDraft {
  const draft = newSequenceDraft(newId);
  return {
    ...draft,
    name: " Backend outreach ",
    customs: [{ name: "salary", type: "Text" }],
    steps: draft.steps.map((step) => ({
      ...step,
      provider_type: "local",
      provider_id: credential,
      from: "me@x.io",
      template_subject: `Hi {{first_name}} ${step.position}`,
      template_body: "<p>Paying {{salary}}</p>",
    })),
  };
}

const document = z.object({ data: z.object({ attributes: z.record(z.string(), z.unknown()) }) });
const attributesOf = (body: unknown) => document.parse(body).data.attributes;

describe("creating a sequence", () => {
  it("posts the sequence with its steps, without provider_type, under the id chosen here", () => {
    const draft = filled();
    const command = createSequence({ id: sequenceId, workspaceId, userId, draft, now });
    expect(command.method).toBe("POST");
    expect(command.path).toBe(`/workspaces/${workspaceId}/sequences`);
    expect(command.body).toMatchObject({ data: { type: "sequences", id: sequenceId } });
    const attributes = attributesOf(command.body);
    expect(attributes).toMatchObject({
      name: "Backend outreach",
      has_review: false,
      allow_send_weekend: false,
      allow_send_holiday: false,
      track_opens: true,
      holiday_country: "US",
      timezone: "America/Chicago",
      workspace_id: workspaceId,
      payload_fields: { customs: [{ name: "salary", type: "Text" }] },
    });
    expect(attributes.steps).toEqual(
      draft.steps.map((step) => ({
        id: step.id,
        position: step.position,
        name: step.name,
        delay: step.delay,
        template_subject: step.template_subject,
        template_body: step.template_body,
        provider_id: credential,
        from: "me@x.io",
        has_provider_signature: true,
        workday_start: "8am",
        workday_end: "8pm",
      })),
    );
  });

  it("shows at once as a valid sequence row, with the variables its steps use", () => {
    const command = createSequence({ id: sequenceId, workspaceId, userId, draft: filled(), now });
    const change = command.optimistic[0];
    expect(change?.table).toBe("sequences");
    const row = sequenceRow.parse(change?.next);
    expect(row).toMatchObject({ id: sequenceId, name: "Backend outreach", has_write: true, user_id: userId });
    expect(row.payload_fields.customs).toEqual([{ name: "salary", type: "Text", used: true }]);
    expect(row.payload_fields.defaults.filter((field) => field.used).map((field) => field.name)).toEqual([
      "first_name",
    ]);
    expect(row.steps[0]).toMatchObject({ default_fields: ["first_name"], custom_fields: ["salary"] });
  });

  it("refuses a draft the contract refuses, before anything is queued", () => {
    expect(() =>
      createSequence({ id: sequenceId, workspaceId, userId, draft: { ...filled(), name: "" }, now }),
    ).toThrow("name This field is required");
  });
});

describe("editing a sequence", () => {
  it("puts the whole sequence with its id and keeps who made it and when", () => {
    const created = createSequence({ id: sequenceId, workspaceId, userId, draft: filled(), now });
    const row = sequenceRow.parse(created.optimistic[0]?.next);
    const later = new Date("2026-11-25T08:00:00.000Z");
    const command = updateSequence(row, { ...filled(), name: "Renamed", has_review: true }, later);
    expect(command.method).toBe("PUT");
    expect(command.path).toBe(`/workspaces/${workspaceId}/sequences/${sequenceId}`);
    expect(attributesOf(command.body)).toMatchObject({ id: sequenceId, name: "Renamed", has_review: true });
    const next = sequenceRow.parse(command.optimistic[0]?.next);
    expect(next).toMatchObject({ created_at: row.created_at, updated_at: later.toISOString(), user_id: userId });
  });

  it("sends Track opens turned off, and shows the sequence untracked at once", () => {
    const created = createSequence({ id: sequenceId, workspaceId, userId, draft: filled(), now });
    const row = sequenceRow.parse(created.optimistic[0]?.next);
    expect(row.track_opens).toBe(true);
    const command = updateSequence(row, { ...filled(), track_opens: false }, now);
    expect(attributesOf(command.body)).toMatchObject({ track_opens: false });
    expect(sequenceRow.parse(command.optimistic[0]?.next).track_opens).toBe(false);
  });
});
