import type { SequenceRow } from "@hirestream/contracts/sequences/rows.ts";
import { describe, expect, it } from "vitest";
import {
  addStep,
  canRemoveStep,
  draftOfSequence,
  newSequenceDraft,
  newStep,
  removeStep,
  stepNameOnBlur,
} from "./sequence-draft.ts";

const ids = () => {
  let n = 0;
  return () => `00000000-0000-4000-8000-${String(++n).padStart(12, "0")}`;
};

describe("a new sequence draft", () => {
  it("has the spec's defaults: two steps a day apart, 8am to 8pm, US, America/Chicago, review and weekend/holiday sending off", () => {
    const draft = newSequenceDraft(ids());
    expect(draft).toMatchObject({
      name: "",
      description: "",
      has_review: false,
      allow_send_weekend: false,
      allow_send_holiday: false,
      track_opens: true,
      holiday_country: "US",
      timezone: "America/Chicago",
      customs: [],
    });
    expect(draft.steps.map((step) => [step.position, step.name, step.delay])).toEqual([
      [1, "Step 1", 0],
      [2, "Step 2", 1440],
    ]);
    for (const step of draft.steps)
      expect(step).toMatchObject({ workday_start: "8am", workday_end: "8pm", has_provider_signature: true });
  });
});

describe("steps", () => {
  it("take the previous step's credential, sender and workday hours, with the signature on", () => {
    const previous = {
      ...newStep("a", 1),
      provider_type: "local",
      provider_id: "c",
      from: "me@x.io",
      workday_start: "9am",
      workday_end: "5pm",
      has_provider_signature: false,
    };
    expect(addStep([previous], "b")[1]).toMatchObject({
      id: "b",
      position: 2,
      name: "Step 2",
      delay: 1440,
      provider_type: "local",
      provider_id: "c",
      from: "me@x.io",
      workday_start: "9am",
      workday_end: "5pm",
      has_provider_signature: true,
      template_subject: "",
      template_body: "",
    });
  });

  it("are renumbered by position after a removal", () => {
    const steps = addStep(addStep([newStep("a", 1)], "b"), "c");
    expect(removeStep(steps, 1).map((step) => [step.id, step.position])).toEqual([
      ["a", 1],
      ["c", 2],
    ]);
  });

  it("can be removed only after the first and only while creating", () => {
    expect([canRemoveStep(0, "create"), canRemoveStep(1, "create"), canRemoveStep(1, "edit")]).toEqual([
      false,
      true,
      false,
    ]);
  });

  it("get the name Step n when left blank in create mode, and keep a blank name in edit mode", () => {
    const step = { ...newStep("a", 3), name: "  " };
    expect(stepNameOnBlur(step, "create")).toBe("Step 3");
    expect(stepNameOnBlur(step, "edit")).toBe("  ");
    expect(stepNameOnBlur({ ...step, name: "Intro" }, "create")).toBe("Intro");
  });
});

describe("the draft of a saved sequence", () => {
  it("keeps its steps in position order with the credential's type", () => {
    const step = (position: number, id: string) => ({
      id,
      position,
      type: "Step::Message" as const,
      name: `S${position}`,
      delay: 60,
      template_subject: "s",
      template_body: "<p>b</p>",
      provider_id: "00000000-0000-4000-8000-0000000000c1",
      from: "me@x.io",
      has_provider_signature: true,
      workday_start: "8am",
      workday_end: "8pm",
      default_fields: [],
      custom_fields: [],
    });
    const row: SequenceRow = {
      id: "00000000-0000-4000-8000-000000000001",
      workspace_id: "00000000-0000-4000-8000-000000000002",
      name: "Outreach",
      description: "",
      has_review: true,
      has_write: true,
      allow_send_weekend: true,
      allow_send_holiday: false,
      track_opens: false,
      holiday_country: "FR",
      timezone: "Europe/Paris",
      payload_fields: { defaults: [], customs: [{ name: "salary", type: "Text", used: true }] },
      steps: [step(2, "b"), step(1, "a")],
      user_id: "00000000-0000-4000-8000-000000000003",
      created_at: "2026-11-24T10:00:00.000Z",
      updated_at: "2026-11-24T10:00:00.000Z",
    };
    const draft = draftOfSequence(row, () => "smtp");
    expect(draft.steps.map((s) => [s.id, s.position, s.provider_type])).toEqual([
      ["a", 1, "smtp"],
      ["b", 2, "smtp"],
    ]);
    expect(draft.customs).toEqual([{ name: "salary", type: "Text" }]);
    expect(draft).toMatchObject({
      has_review: true,
      track_opens: false,
      holiday_country: "FR",
      timezone: "Europe/Paris",
    });
    expect(draftOfSequence({ ...row, track_opens: true }, () => null).track_opens).toBe(true);
  });
});
