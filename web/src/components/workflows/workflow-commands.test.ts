import type { ProjectRow } from "@hirestream/contracts/projects/rows.ts";
import { createWorkflowAttributes, updateWorkflowAttributes } from "@hirestream/contracts/workflows/commands.ts";
import { workflowCopyIdOf } from "@hirestream/contracts/workflows/copy-ids.ts";
import { type WorkflowRow, workflowRow } from "@hirestream/contracts/workflows/rows.ts";
import { describe, expect, it } from "vitest";
import { isRecord } from "../../api/api-errors.ts";
import { assignWorkflowToProject, createWorkflow, removeWorkflow, updateWorkflow } from "./workflow-commands.ts";
import { workflowCopyRow } from "./workflow-copy.ts";
import { addStage, type DraftStage, draftOfWorkflow, emptyStage, type WorkflowDraft } from "./workflow-draft.ts";

const workspaceId = "11111111-1111-4111-8111-111111111111";
const userId = "6f1c2a4e-8a1b-4c55-9d0e-3f2b1a0c9d11";
const workflowId = "2a1b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d";
const projectId = "0b7f5d7e-2f8c-4c1a-a7a4-5c5b9c1e2d33";
const sequence = "44444444-4444-4444-8444-444444444444";
const stageIds = [
  "a0000000-0000-4000-8000-000000000000",
  "a0000000-0000-4000-8000-000000000001",
  "a0000000-0000-4000-8000-000000000002",
  "a0000000-0000-4000-8000-000000000003",
] as const;
const now = new Date("2026-11-22T09:00:00.000Z");
const earlier = "2026-11-01T00:00:00.000Z";

/** The attributes of a JSON:API document, for the route's own schema to parse as the server does. */
function attributesOf(body: unknown): unknown {
  if (!isRecord(body) || !isRecord(body.data)) throw new Error("not a JSON:API document");
  return body.data.attributes;
}

function named(names: readonly string[]): DraftStage[] {
  return names.map((name, index) => ({ ...emptyStage(stageIds[index] ?? "", index), name }));
}

const template: WorkflowRow = {
  id: workflowId,
  workspace_id: workspaceId,
  name: "Engineering",
  description: "Hiring engineers",
  assigned_to: "template",
  project_id: null,
  template_id: null,
  stages: ["Sourced", "Interview", "Offer"].map((name, position) => ({
    id: stageIds[position] ?? "",
    name,
    position,
    description: name,
    sequence_id: null,
    on_response_stage_id: null,
    on_response_stage_position: null,
  })),
  user_id: userId,
  created_at: earlier,
  updated_at: earlier,
};

const project: ProjectRow = {
  id: projectId,
  workspace_id: workspaceId,
  name: "Backend hiring",
  description: null,
  priority: "High",
  status: "Active",
  start_date: null,
  deadline: null,
  visible: true,
  workflow_id: null,
  user_id: userId,
  created_at: earlier,
  updated_at: earlier,
};

describe("createWorkflow", () => {
  const stages = named([" Sourced ", "Interview", "Offer"]);
  const first = stages[0];
  if (!first) throw new Error("three stages expected");
  stages[0] = { ...first, action: true, sequence_id: sequence, on_response_stage_id: stageIds[2] };
  const draft: WorkflowDraft = { name: " Engineering ", description: " Hiring engineers ", stages };
  const command = createWorkflow({ id: workflowId, workspaceId, userId, draft, now });

  it("posts to the workspace's workflows under the id chosen in the browser", () => {
    expect(command).toMatchObject({ method: "POST", path: `/workspaces/${workspaceId}/workflows` });
    expect(command.body).toMatchObject({ data: { type: "workflows", id: workflowId } });
  });

  it("sends what the server's schema accepts: trimmed names, stages with ids, positions and follow-up positions", () => {
    expect(createWorkflowAttributes.parse(attributesOf(command.body))).toEqual({
      name: "Engineering",
      description: "Hiring engineers",
      stages_attributes: [
        {
          id: stageIds[0],
          position: 0,
          name: "Sourced",
          description: "Sourced",
          sequence_id: sequence,
          on_response_stage_position: 2,
        },
        {
          id: stageIds[1],
          position: 1,
          name: "Interview",
          description: "Interview",
          sequence_id: null,
          on_response_stage_position: null,
        },
        {
          id: stageIds[2],
          position: 2,
          name: "Offer",
          description: "Offer",
          sequence_id: null,
          on_response_stage_position: null,
        },
      ],
    });
  });

  it("shows the template at once, as the server will store it", () => {
    expect(command.optimistic).toHaveLength(1);
    const [change] = command.optimistic;
    expect(change).toMatchObject({ table: "workflows", id: workflowId });
    const row = workflowRow.parse(change?.next);
    expect(row).toMatchObject({
      id: workflowId,
      workspace_id: workspaceId,
      name: "Engineering",
      description: "Hiring engineers",
      assigned_to: "template",
      project_id: null,
      template_id: null,
      user_id: userId,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    });
    expect(row.stages.map((stage) => [stage.id, stage.position, stage.name])).toEqual([
      [stageIds[0], 0, "Sourced"],
      [stageIds[1], 1, "Interview"],
      [stageIds[2], 2, "Offer"],
    ]);
    expect(row.stages[0]).toMatchObject({
      sequence_id: sequence,
      on_response_stage_id: stageIds[2],
      on_response_stage_position: 2,
    });
  });
});

describe("updateWorkflow", () => {
  const edited = draftOfWorkflow(template);
  const renamed = edited.stages.map((stage, index) => (index === 1 ? { ...stage, name: "Phone screen" } : stage));
  const draft: WorkflowDraft = { ...edited, name: "Engineering 2026", stages: addStage(renamed, stageIds[3]) };
  const last = draft.stages[3];
  if (!last) throw new Error("four stages expected");
  draft.stages[3] = { ...last, name: "Hired" };
  const shown = { ...template, scopes: [`ws:${workspaceId}`], _pending: 0 };
  const command = updateWorkflow(shown, draft, now);

  it("puts to the workflow's own path", () => {
    expect(command).toMatchObject({ method: "PUT", path: `/workspaces/${workspaceId}/workflows/${workflowId}` });
  });

  it("sends the whole stage list as stages, each with its id, follow-ups by id", () => {
    expect(command.body).toMatchObject({ data: { type: "workflows", id: workflowId } });
    const sent = updateWorkflowAttributes.parse(attributesOf(command.body));
    expect(sent.name).toBe("Engineering 2026");
    expect(sent.stages_attributes).toBeUndefined();
    expect(sent.stages).toEqual(
      ["Sourced", "Phone screen", "Offer", "Hired"].map((name, position) => ({
        id: stageIds[position],
        position,
        name,
        description: name,
        sequence_id: null,
        on_response_stage_id: null,
      })),
    );
  });

  it("shows the edit at once and keeps what the form does not edit", () => {
    const [change] = command.optimistic;
    const row = workflowRow.parse(change?.next);
    expect(row).toMatchObject({
      id: workflowId,
      name: "Engineering 2026",
      description: "Hiring engineers",
      created_at: earlier,
      updated_at: now.toISOString(),
      user_id: userId,
    });
    expect(row.stages.map((stage) => stage.name)).toEqual(["Sourced", "Phone screen", "Offer", "Hired"]);
    expect(change?.next).not.toHaveProperty("scopes");
    expect(change?.next).not.toHaveProperty("_pending");
  });
});

describe("removeWorkflow", () => {
  it("deletes a template without a body and hides it", () => {
    expect(removeWorkflow(template, undefined, now)).toEqual({
      method: "DELETE",
      path: `/workspaces/${workspaceId}/workflows/${workflowId}`,
      optimistic: [{ table: "workflows", id: workflowId, next: null }],
    });
  });

  it("removing a project's copy leaves the project without a workflow", () => {
    const copy = workflowCopyRow(template, projectId, userId, now);
    const assigned = { ...project, workflow_id: copy.id, scopes: [`ws:${workspaceId}`], _pending: 0 };
    expect(removeWorkflow(copy, assigned, now).optimistic).toEqual([
      { table: "workflows", id: copy.id, next: null },
      { table: "projects", id: projectId, next: { ...project, workflow_id: null, updated_at: now.toISOString() } },
    ]);
  });

  it("leaves a project alone that points at another workflow", () => {
    const copy = workflowCopyRow(template, projectId, userId, now);
    const other = { ...project, workflow_id: "99999999-9999-4999-8999-999999999999" };
    expect(removeWorkflow(copy, other, now).optimistic).toEqual([{ table: "workflows", id: copy.id, next: null }]);
  });
});

describe("assignWorkflowToProject", () => {
  const shownTemplate = { ...template, scopes: [`ws:${workspaceId}`], _pending: 0 };
  const shownProject = { ...project, scopes: [`ws:${workspaceId}`], _pending: 0 };
  const command = assignWorkflowToProject(shownTemplate, shownProject, userId, now);
  const copyId = workflowCopyIdOf(projectId, workflowId);

  it("posts the project to the template's assign_to_project", () => {
    expect(command).toEqual(
      expect.objectContaining({
        method: "POST",
        path: `/workspaces/${workspaceId}/workflows/${workflowId}/assign_to_project`,
        body: { data: { type: "workflows", attributes: { project_id: projectId } } },
      }),
    );
  });

  it("shows the project's copy at once under the server's ids, and the project pointing at it", () => {
    expect(command.optimistic).toEqual([
      { table: "workflows", id: copyId, next: workflowCopyRow(template, projectId, userId, now) },
      { table: "projects", id: projectId, next: { ...project, workflow_id: copyId, updated_at: now.toISOString() } },
    ]);
  });
});
