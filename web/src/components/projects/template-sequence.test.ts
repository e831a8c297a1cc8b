import { parseTemplateSequence } from "@hirestream/contracts/projects/project-sequence.ts";
import type { WorkflowRow } from "@hirestream/contracts/workflows/rows.ts";
import { describe, expect, it } from "vitest";
import { sequence, step, workspaceId } from "../sequences/sequence-fixtures.ts";
import { sequenceRelationshipOf, templateDraftOf, templateSequenceIdOf, withOwnSequence } from "./template-sequence.ts";

const first = "aaaaaaaa-0000-4000-8000-000000000001";
const second = "aaaaaaaa-0000-4000-8000-000000000002";
const own = "bbbbbbbb-0000-4000-8000-000000000001";

const stage = (position: number, sequenceId: string | null) => ({
  id: `cccccccc-0000-4000-8000-00000000000${position}`,
  name: `Stage ${position}`,
  position,
  description: `Stage ${position}`,
  sequence_id: sequenceId,
  on_response_stage_id: null,
  on_response_stage_position: null,
});

const workflow = (stages: WorkflowRow["stages"]): WorkflowRow => ({
  id: "dddddddd-0000-4000-8000-000000000001",
  workspace_id: workspaceId,
  name: "Engineering",
  description: "",
  assigned_to: "project",
  project_id: null,
  template_id: null,
  stages,
  user_id: "6f1c2a4e-8a1b-4c55-9d0e-3f2b1a0c9d11",
  created_at: "2026-11-22T12:00:00.000Z",
  updated_at: "2026-11-22T12:00:00.000Z",
});

let n = 0;
const newId = () => `eeeeeeee-0000-4000-8000-${String(++n).padStart(12, "0")}`;

describe("New Project's template sequence", () => {
  it("is the sequence of the workflow's first stage, by position, that starts one", () => {
    expect(templateSequenceIdOf(workflow([stage(2, second), stage(0, null), stage(1, first)]))).toBe(first);
    expect(templateSequenceIdOf(workflow([stage(0, null), stage(1, null)]))).toBeNull();
  });

  it("is edited as a copy: the same fields and steps, the steps under ids of their own", () => {
    const template = sequence({ name: "Backend outreach", steps: [step(2, null), step(1, null)] });
    const draft = templateDraftOf(template, () => null, newId);
    expect(draft.name).toBe("Backend outreach");
    expect(draft.steps.map((s) => [s.position, s.name, s.delay])).toEqual([
      [1, "Step 1", 0],
      [2, "Step 2", 1440],
    ]);
    expect(draft.steps.some((s) => template.steps.some((t) => t.id === s.id))).toBe(false);
  });

  it("is sent as the relationship with steps_attributes, which the server's contract reads", () => {
    const draft = templateDraftOf(sequence({ steps: [step(1, null), step(2, null)] }), () => null, newId);
    const relationship = sequenceRelationshipOf({ kind: "edited", replaces: first, id: own, draft }, workspaceId);
    expect(relationship.data).toMatchObject({ type: "sequence", id: own });
    const attributes = "attributes" in relationship.data ? relationship.data.attributes : {};
    expect(Object.keys(attributes)).toContain("steps_attributes");
    expect(Object.keys(attributes)).not.toContain("steps");
    expect(parseTemplateSequence(attributes).success).toBe(true);
    expect(sequenceRelationshipOf({ kind: "use", sequenceId: first }, workspaceId)).toEqual({
      data: { type: "sequence", id: first },
    });
  });

  it("refuses before sending an edited copy the server would refuse", () => {
    const draft = templateDraftOf(sequence({ steps: [step(1, null)] }), () => null, newId);
    const emptied = { ...draft, steps: draft.steps.map((s) => ({ ...s, template_subject: " " })) };
    expect(() =>
      sequenceRelationshipOf({ kind: "edited", replaces: first, id: own, draft: emptied }, workspaceId),
    ).toThrow("steps_attributes.0.template_subject This field is required");
  });

  it("the project's copy starts its own sequence where the template starts the one it replaces", () => {
    const copy = withOwnSequence(workflow([stage(0, null), stage(1, first), stage(2, second)]), first, own);
    expect(copy.stages.map((s) => s.sequence_id)).toEqual([null, own, second]);
  });
});
