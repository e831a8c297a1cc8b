import type { StageRow } from "@hirestream/contracts/workflows/rows.ts";
import { describe, expect, it } from "vitest";
import { sequenceLabel, templatesOf, workflowSummary } from "./workflow-summary.ts";

function stage(id: string, position: number, sequence_id: string | null = null): StageRow {
  return {
    id,
    name: `Stage ${id}`,
    position,
    description: "",
    sequence_id,
    on_response_stage_id: null,
    on_response_stage_position: null,
  };
}

const sequenceId = "5e0e0000-0000-4000-8000-000000000001";

describe("workflowSummary", () => {
  it("lists the stages in order with their talent counts, 0 for an empty stage", () => {
    const workflow = { stages: [stage("c", 2), stage("a", 0), stage("b", 1, sequenceId)] };
    const talents = new Map([
      ["a", 4],
      ["c", 1],
    ]);
    expect(workflowSummary(workflow, talents, new Map([[sequenceId, "Warm intro"]]))).toEqual([
      { id: "a", number: 1, name: "Stage a", talents: 4, sequence: "-" },
      { id: "b", number: 2, name: "Stage b", talents: 0, sequence: "Warm intro" },
      { id: "c", number: 3, name: "Stage c", talents: 1, sequence: "-" },
    ]);
  });
});

describe("sequenceLabel", () => {
  it("shows '-' for a stage without a sequence", () => {
    expect(sequenceLabel({ sequence_id: null }, new Map())).toBe("-");
  });

  it("names the sequence when known, and says there is one when not", () => {
    expect(sequenceLabel({ sequence_id: sequenceId }, new Map([[sequenceId, "Warm intro"]]))).toBe("Warm intro");
    expect(sequenceLabel({ sequence_id: sequenceId }, new Map())).toBe("Sequence");
  });
});

describe("templatesOf", () => {
  it("keeps the templates, by name, leaving out project copies", () => {
    const workflows = [
      { id: "1", name: "sales", assigned_to: "template" },
      { id: "2", name: "Copy", assigned_to: "project" },
      { id: "3", name: "Engineering", assigned_to: "template" },
    ] as const;
    expect(templatesOf(workflows).map((workflow) => workflow.id)).toEqual(["3", "1"]);
  });
});
