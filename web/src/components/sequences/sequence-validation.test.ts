import { describe, expect, it } from "vitest";
import { newSequenceDraft, type SequenceDraft } from "./sequence-draft.ts";
import { hasTabErrors, tabErrors, validateSequenceDraft } from "./sequence-validation.ts";

const credential = "00000000-0000-4000-8000-0000000000c1";
let n = 0;
const newId = () => `00000000-0000-4000-8000-${String(++n).padStart(12, "0")}`;

function filled(): SequenceDraft {
  const draft = newSequenceDraft(newId);
  return {
    ...draft,
    name: "Backend",
    steps: draft.steps.map((step) => ({
      ...step,
      provider_type: "local",
      provider_id: credential,
      from: "me@x.io",
      template_subject: "Hi {{first_name}}",
      template_body: "<p>About {{project_title}}</p>",
    })),
  };
}

describe("the sequence form's checks", () => {
  it("pass a filled draft", () => {
    expect(validateSequenceDraft(filled(), new Set([credential]))).toEqual({});
  });

  it("leave credential and sender for later in a project's template sequence, but not a credential of elsewhere", () => {
    const draft = filled();
    const [first, second] = draft.steps;
    if (!first || !second) throw new Error("a filled draft has two steps");
    const later = { ...draft, steps: [{ ...first, provider_id: null, from: null }, second] };
    expect(validateSequenceDraft(later, new Set([credential]), false)).toEqual({});
    expect(validateSequenceDraft(later, new Set([credential]))).toEqual({
      "steps.0.provider_id": "This field is required",
      "steps.0.from": "This field is required",
    });
    expect(validateSequenceDraft(filled(), new Set(), false)).toMatchObject({
      "steps.0.provider_id": "This field is required",
    });
  });

  it("ask for the name, review, region, time zone, credential, from, subject and body with the spec's words", () => {
    const draft = newSequenceDraft(newId);
    const errors = validateSequenceDraft(
      { ...draft, has_review: null, holiday_country: "", timezone: "", steps: draft.steps.slice(0, 1) },
      new Set(),
    );
    expect(errors).toEqual({
      name: "This field is required",
      has_review: "This field is required",
      holiday_country: "This field is required",
      timezone: "This field is required",
      "steps.0.provider_id": "This field is required",
      "steps.0.from": "This field is required",
      "steps.0.template_subject": "This field is required",
      "steps.0.template_body": "This field is required",
    });
  });

  it("count an empty editor as an empty body", () => {
    const draft = filled();
    const steps = draft.steps.map((step) => ({ ...step, template_body: "<p></p>" }));
    expect(validateSequenceDraft({ ...draft, steps }, new Set([credential]))["steps.1.template_body"]).toBe(
      "This field is required",
    );
  });

  it("keep the name to 50 and the description to 100 characters", () => {
    const errors = validateSequenceDraft(
      { ...filled(), name: "n".repeat(51), description: "d".repeat(101) },
      new Set([credential]),
    );
    expect(errors).toEqual({
      name: "is too long (maximum is 50 characters)",
      description: "is too long (maximum is 100 characters)",
    });
  });

  it("flag a step whose credential is not one of the workspace's as incomplete", () => {
    expect(validateSequenceDraft(filled(), new Set())).toMatchObject({
      "steps.0.provider_id": "This field is required",
      "steps.1.provider_id": "This field is required",
    });
  });

  it("refuse a variable that is not a candidate, project or custom one", () => {
    const draft = filled();
    const steps = draft.steps.map((step) => ({ ...step, template_subject: "{{salary}}" }));
    expect(validateSequenceDraft({ ...draft, steps }, new Set([credential]))["steps.0.template_subject"]).toBe(
      "uses an unknown variable: {{salary}}",
    );
    const known = { ...draft, steps, customs: [{ name: "salary", type: "Text" as const }] };
    expect(validateSequenceDraft(known, new Set([credential]))).toEqual({});
  });
});

describe("tab headings", () => {
  it("turn red on the tab holding the error: Info for the sequence, each step for its own", () => {
    expect(tabErrors({ timezone: "x", "steps.1.from": "y" }, 3)).toEqual({ info: true, steps: [false, true, false] });
    expect(tabErrors({ "steps.0.template_body": "x" }, 2)).toEqual({ info: false, steps: [true, false] });
    expect(hasTabErrors(tabErrors({}, 2))).toBe(false);
    expect(hasTabErrors(tabErrors({ "steps.10.from": "x" }, 11))).toBe(true);
  });
});
