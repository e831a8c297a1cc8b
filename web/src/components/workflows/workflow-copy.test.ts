import type { WorkflowRow } from "@hirestream/contracts/workflows/rows.ts";
import { describe, expect, it } from "vitest";
import { workflowCopyRow } from "./workflow-copy.ts";

const template: WorkflowRow = {
  id: "2a1b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d",
  workspace_id: "11111111-1111-4111-8111-111111111111",
  name: "Engineering",
  description: "Hiring engineers",
  assigned_to: "template",
  project_id: null,
  template_id: null,
  stages: [
    {
      id: "33333333-3333-4333-8333-333333333333",
      name: "Interview",
      position: 1,
      description: "Interview",
      sequence_id: null,
      on_response_stage_id: null,
      on_response_stage_position: null,
    },
    {
      id: "22222222-2222-4222-8222-222222222222",
      name: "Sourced",
      position: 0,
      description: "Sourced",
      sequence_id: "44444444-4444-4444-8444-444444444444",
      on_response_stage_id: "33333333-3333-4333-8333-333333333333",
      on_response_stage_position: 1,
    },
  ],
  user_id: "55555555-5555-4555-8555-555555555555",
  created_at: "2026-11-01T00:00:00.000Z",
  updated_at: "2026-11-01T00:00:00.000Z",
};
const project = "66666666-6666-4666-8666-666666666666";
const copier = "77777777-7777-4777-8777-777777777777";
const now = new Date("2026-11-22T10:00:00.000Z");

describe("workflowCopyRow", () => {
  const copy = workflowCopyRow(template, project, copier, now);

  it("is assigned to the project, under a new id, with the template's name and description", () => {
    expect(copy).toMatchObject({
      assigned_to: "project",
      project_id: project,
      template_id: template.id,
      name: "Engineering",
      description: "Hiring engineers",
      user_id: copier,
      created_at: now.toISOString(),
    });
    expect(copy.id).not.toBe(template.id);
  });

  it("keeps the stages in position order under new ids", () => {
    expect(copy.stages.map((stage) => stage.name)).toEqual(["Sourced", "Interview"]);
    const templateIds = new Set(template.stages.map((stage) => stage.id));
    expect(copy.stages.every((stage) => !templateIds.has(stage.id))).toBe(true);
  });

  it("points an on-response stage at the copy's stage, not the template's", () => {
    const [sourced, interview] = copy.stages;
    expect(sourced?.on_response_stage_id).toBe(interview?.id);
    expect(sourced?.on_response_stage_position).toBe(1);
    expect(sourced?.sequence_id).toBe("44444444-4444-4444-8444-444444444444");
  });

  it("makes the same copy when made again, as the server will", () => {
    expect(workflowCopyRow(template, project, copier, now)).toEqual(copy);
  });
});
