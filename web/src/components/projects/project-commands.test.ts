import { createProjectAttributes, updateProjectAttributes } from "@hirestream/contracts/projects/commands.ts";
import type { ProjectRow } from "@hirestream/contracts/projects/rows.ts";
import { assignWorkflowAttributes } from "@hirestream/contracts/workflows/commands.ts";
import { workflowCopyIdOf } from "@hirestream/contracts/workflows/copy-ids.ts";
import type { WorkflowRow } from "@hirestream/contracts/workflows/rows.ts";
import { describe, expect, it } from "vitest";
import { newSequenceDraft } from "../sequences/sequence-draft.ts";
import { workflowCopyRow } from "../workflows/workflow-copy.ts";
import { type ProjectFields, projectRowOf, removeProject, updateProject } from "./project-commands.ts";
import { assignWorkflow, createProject } from "./project-creation.ts";

const userId = "6f1c2a4e-8a1b-4c55-9d0e-3f2b1a0c9d11";
const workspaceId = "0b7f5d7e-2f8c-4c1a-a7a4-5c5b9c1e2d33";
const projectId = "5d2e8f4a-1c3b-4a6d-9e7f-0a1b2c3d4e5f";
const templateId = "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d";
const now = new Date("2026-11-22T09:00:00.000Z");
const earlier = "2026-11-01T08:00:00.000Z";

const template: WorkflowRow = {
  id: templateId,
  workspace_id: workspaceId,
  name: "Engineering",
  description: "",
  assigned_to: "template",
  project_id: null,
  template_id: null,
  stages: [
    {
      id: "11111111-1111-4111-8111-111111111111",
      name: "Sourced",
      position: 0,
      description: "Sourced",
      sequence_id: null,
      on_response_stage_id: null,
      on_response_stage_position: null,
    },
  ],
  user_id: userId,
  created_at: earlier,
  updated_at: earlier,
};

const fields: ProjectFields = {
  name: "Backend engineers",
  description: "Berlin office",
  priority: "High",
  status: "Active",
  start_date: "2026-12-01",
  deadline: "2027-02-01",
  visible: true,
};

const project: ProjectRow = {
  id: projectId,
  workspace_id: workspaceId,
  ...fields,
  workflow_id: null,
  user_id: userId,
  created_at: earlier,
  updated_at: earlier,
};

describe("createProject", () => {
  const command = createProject({ id: projectId, workspaceId, fields, template, userId, now });

  it("posts the form under the id chosen in the browser, naming the template chosen", () => {
    expect(command).toMatchObject({ method: "POST", path: `/workspaces/${workspaceId}/projects` });
    expect(command.body).toEqual({
      data: { type: "projects", id: projectId, attributes: { ...fields, workflow_id: templateId } },
    });
  });

  it("sends attributes the server's schema accepts", () => {
    const body = command.body as { data: { attributes: unknown } };
    expect(createProjectAttributes.safeParse(body.data.attributes).success).toBe(true);
  });

  it("shows the project at once, owned by its creator, with its own copy of the workflow", () => {
    const copy = workflowCopyRow(template, projectId, userId, now);
    expect(copy.id).toBe(workflowCopyIdOf(projectId, templateId));
    expect(command.optimistic).toEqual([
      {
        table: "projects",
        id: projectId,
        next: {
          id: projectId,
          workspace_id: workspaceId,
          ...fields,
          workflow_id: copy.id,
          user_id: userId,
          created_at: now.toISOString(),
          updated_at: now.toISOString(),
        },
      },
      { table: "workflows", id: copy.id, next: copy },
    ]);
  });

  it("with an edited template sequence, shows the new sequence and the copy starting it, and sends it as the relationship", () => {
    const templateSequence = "7b000000-0000-4000-8000-000000000001";
    const ownId = "7b000000-0000-4000-8000-000000000002";
    const starting: WorkflowRow = {
      ...template,
      stages: template.stages.map((stage) => ({ ...stage, sequence_id: templateSequence })),
    };
    const draft = { ...newSequenceDraft(() => crypto.randomUUID()), name: "Backend outreach" };
    const filled = {
      ...draft,
      steps: draft.steps.map((step) => ({ ...step, template_subject: "Hi", template_body: "<p>Hi</p>" })),
    };
    const made = createProject({
      id: projectId,
      workspaceId,
      fields,
      template: starting,
      userId,
      now,
      sequence: { kind: "edited", replaces: templateSequence, id: ownId, draft: filled },
    });
    expect(made.optimistic.map((change) => change.table)).toEqual(["sequences", "projects", "workflows"]);
    expect(made.optimistic[0]).toMatchObject({
      id: ownId,
      next: { name: "Backend outreach", workspace_id: workspaceId },
    });
    expect(made.optimistic[2]).toMatchObject({ next: { stages: [{ sequence_id: ownId }] } });
    expect(made.body).toMatchObject({
      data: {
        relationships: {
          sequence: { data: { type: "sequence", id: ownId, attributes: { name: "Backend outreach" } } },
        },
      },
    });
  });

  it("makes no copy when no template is chosen", () => {
    const bare = createProject({ id: projectId, workspaceId, fields, template: undefined, userId, now });
    expect(bare.body).toMatchObject({ data: { attributes: { workflow_id: null } } });
    expect(bare.optimistic).toHaveLength(1);
    expect(bare.optimistic[0]).toMatchObject({ table: "projects", next: { workflow_id: null } });
  });
});

describe("updateProject", () => {
  it("sends only what changed and keeps the rest of the row", () => {
    const command = updateProject(project, { status: "Inactive" }, now);
    expect(command).toMatchObject({ method: "PUT", path: `/workspaces/${workspaceId}/projects/${projectId}` });
    expect(command.body).toEqual({ data: { type: "projects", id: projectId, attributes: { status: "Inactive" } } });
    expect(updateProjectAttributes.safeParse({ status: "Inactive" }).success).toBe(true);
    expect(command.optimistic).toEqual([
      { table: "projects", id: projectId, next: { ...project, status: "Inactive", updated_at: now.toISOString() } },
    ]);
  });

  it("archives by setting the status to Archived", () => {
    const command = updateProject(project, { status: "Archived" }, now);
    expect(command.body).toEqual({ data: { type: "projects", id: projectId, attributes: { status: "Archived" } } });
    expect(command.optimistic[0]).toMatchObject({ next: { status: "Archived" } });
  });

  it("stores the project row alone, whatever else the row it was given carries", () => {
    const listed = { ...project, scopes: ["ws:x"], _pending: 2, workspaceName: "Acme" };
    const command = updateProject(listed, { name: "Renamed" }, now);
    expect(command.optimistic[0]?.next).toEqual({ ...project, name: "Renamed", updated_at: now.toISOString() });
  });
});

describe("removeProject", () => {
  it("deletes without a body and hides the project at once", () => {
    expect(removeProject(project)).toEqual({
      method: "DELETE",
      path: `/workspaces/${workspaceId}/projects/${projectId}`,
      optimistic: [{ table: "projects", id: projectId, next: null }],
    });
  });
});

describe("assignWorkflow", () => {
  const command = assignWorkflow(project, template, userId, now);

  it("asks the server to copy the template into the project", () => {
    expect(command).toMatchObject({
      method: "POST",
      path: `/workspaces/${workspaceId}/workflows/${templateId}/assign_to_project`,
      body: { data: { type: "workflows", attributes: { project_id: projectId } } },
    });
    expect(assignWorkflowAttributes.safeParse({ project_id: projectId }).success).toBe(true);
  });

  it("shows the copy and points the project at it at once", () => {
    const copy = workflowCopyRow(template, projectId, userId, now);
    expect(command.optimistic).toEqual([
      { table: "workflows", id: copy.id, next: copy },
      {
        table: "projects",
        id: projectId,
        next: { ...project, workflow_id: copy.id, updated_at: now.toISOString() },
      },
    ]);
  });
});

describe("projectRowOf", () => {
  it("keeps exactly the fields of a project row", () => {
    expect(projectRowOf({ ...project, ...{ extra: 1 } })).toEqual(project);
  });
});
