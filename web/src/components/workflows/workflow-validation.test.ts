import { describe, expect, it } from "vitest";
import { type DraftStage, emptyStage, type WorkflowDraft } from "./workflow-draft.ts";
import { remainingCharacters, validateWorkflowDraft } from "./workflow-validation.ts";

const sequence = "44444444-4444-4444-8444-444444444444";

function stage(name: string, index: number, changes: Partial<DraftStage> = {}): DraftStage {
  return { ...emptyStage(`stage-${index}`, index), name, ...changes };
}

function draft(changes: Partial<WorkflowDraft> = {}): WorkflowDraft {
  return {
    name: "Engineering",
    description: "",
    stages: ["Sourced", "Interview", "Offer"].map((name, index) => stage(name, index)),
    ...changes,
  };
}

describe("validateWorkflowDraft", () => {
  it("accepts a named workflow with three named stages", () => {
    expect(validateWorkflowDraft(draft())).toEqual({});
  });

  it("requires a name, blank counting as none", () => {
    expect(validateWorkflowDraft(draft({ name: "" }))).toEqual({ name: "This field is required" });
    expect(validateWorkflowDraft(draft({ name: "   " }))).toEqual({ name: "This field is required" });
  });

  it("takes a name of 50 characters, not 51", () => {
    expect(validateWorkflowDraft(draft({ name: "n".repeat(50) }))).toEqual({});
    expect(validateWorkflowDraft(draft({ name: "n".repeat(51) }))).toEqual({
      name: "is too long (maximum is 50 characters)",
    });
  });

  it("leaves the description optional, up to 500 characters", () => {
    expect(validateWorkflowDraft(draft({ description: "d".repeat(500) }))).toEqual({});
    expect(validateWorkflowDraft(draft({ description: "d".repeat(501) }))).toEqual({
      description: "is too long (maximum is 500 characters)",
    });
  });

  it("gives every empty stage name its own error", () => {
    const stages = ["", "Interview", " "].map((name, index) => stage(name, index));
    expect(validateWorkflowDraft(draft({ stages }))).toEqual({
      "stages.0.name": "This field is required",
      "stages.2.name": "This field is required",
    });
  });

  it("takes a stage name of 40 characters, not 41", () => {
    const fits = ["s".repeat(40), "Interview", "Offer"].map((name, index) => stage(name, index));
    expect(validateWorkflowDraft(draft({ stages: fits }))).toEqual({});
    const long = ["Sourced", "s".repeat(41), "Offer"].map((name, index) => stage(name, index));
    expect(validateWorkflowDraft(draft({ stages: long }))).toEqual({
      "stages.1.name": "is too long (maximum is 40 characters)",
    });
  });

  it("wants at least three stages", () => {
    const two = ["Sourced", "Offer"].map((name, index) => stage(name, index));
    expect(validateWorkflowDraft(draft({ stages: two }))).toEqual({ stages: "must have at least 3 stages" });
  });

  it("wants at most fifty stages", () => {
    const many = Array.from({ length: 51 }, (_, index) => stage(`S${index}`, index));
    expect(validateWorkflowDraft(draft({ stages: many }))).toEqual({ stages: "must have at most 50 stages" });
  });

  it("requires a sequence once the stage action is on", () => {
    const stages = [stage("Sourced", 0, { action: true }), stage("Interview", 1), stage("Offer", 2)];
    expect(validateWorkflowDraft(draft({ stages }))).toEqual({ "stages.0.sequence_id": "This field is required" });
    stages[0] = stage("Sourced", 0, { action: true, sequence_id: sequence });
    expect(validateWorkflowDraft(draft({ stages }))).toEqual({});
  });
});

describe("remainingCharacters", () => {
  it("counts down from the limit", () => {
    expect(remainingCharacters("", 50)).toBe(50);
    expect(remainingCharacters("Sourced", 40)).toBe(33);
    expect(remainingCharacters("s".repeat(40), 40)).toBe(0);
  });
});
