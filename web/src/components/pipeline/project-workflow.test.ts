import type { ProjectRole } from "@hirestream/contracts/projects/events.ts";
import type { ProjectRow } from "@hirestream/contracts/projects/rows.ts";
import type { StageRow, WorkflowRow } from "@hirestream/contracts/workflows/rows.ts";
import { describe, expect, it } from "vitest";
import { project as projectRow } from "../../replica/testing/rows.ts";
import { assignableProjects, orderedStages, workflowOfProject } from "./project-workflow.ts";

const workspaceId = "0b7f5d7e-2f8c-4c1a-a7a4-5c5b9c1e2d33";
const userId = "6f1c2a4e-8a1b-4c55-9d0e-3f2b1a0c9d11";
const at = "2026-11-01T08:00:00.000Z";
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

function stage(n: number, position: number): StageRow {
  return {
    id: id(100 + n),
    name: `Stage ${n}`,
    position,
    description: `Stage ${n}`,
    sequence_id: null,
    on_response_stage_id: null,
    on_response_stage_position: null,
  };
}

function workflow(n: number, changes: Partial<WorkflowRow> = {}): WorkflowRow {
  return {
    id: id(n),
    workspace_id: workspaceId,
    name: `Workflow ${n}`,
    description: "",
    assigned_to: "project",
    project_id: null,
    template_id: null,
    stages: [stage(2, 1), stage(1, 0), stage(3, 2)],
    user_id: userId,
    created_at: at,
    updated_at: at,
    ...changes,
  };
}

function project(n: number, changes: Partial<ProjectRow> = {}): ProjectRow {
  return projectRow(id(n), workspaceId, {
    name: `Project ${n}`,
    user_id: userId,
    created_at: at,
    updated_at: at,
    ...changes,
  });
}

describe("orderedStages", () => {
  it("orders stages by position", () => {
    expect(orderedStages(workflow(1)).map((each) => each.position)).toEqual([0, 1, 2]);
  });

  it("has none without a workflow", () => {
    expect(orderedStages(undefined)).toEqual([]);
  });
});

describe("workflowOfProject", () => {
  const template = workflow(10, { assigned_to: "template" });
  const copy = workflow(11, { project_id: id(1) });

  it("is the project's copy", () => {
    expect(workflowOfProject(project(1, { workflow_id: copy.id }), [template, copy])).toBe(copy);
  });

  it("finds the copy made for the project while the project still names the template", () => {
    expect(workflowOfProject(project(1, { workflow_id: template.id }), [template, copy])).toBe(copy);
  });

  it("is never a template, nor another project's copy", () => {
    const other = workflow(12, { project_id: id(2) });
    expect(workflowOfProject(project(1, { workflow_id: template.id }), [template, other])).toBeUndefined();
  });

  it("is none while the project has no workflow", () => {
    expect(workflowOfProject(project(1), [copy])).toBeUndefined();
  });
});

describe("assignableProjects", () => {
  // A workspace manager, and a member of the hidden projects 7 (collaborator) and 8 (viewer).
  const memberships = new Map<string, ProjectRole>([
    [id(7), "collaborator"],
    [id(8), "viewer"],
  ]);
  const asManager = (project: ProjectRow) => ({
    workspaceRole: "manager" as const,
    projectRole: memberships.get(project.id),
  });

  it("offers the projects the user may work in that are not archived and have a workflow, by name, with their first stage", () => {
    const projects = [
      project(1, { name: "zeta", workflow_id: id(11) }),
      project(2, { name: "Alpha", workflow_id: id(12), status: "Inactive" }),
      project(3, { name: "Archived", workflow_id: id(13), status: "Archived" }),
      project(4, { name: "Hidden", workflow_id: id(14), visible: false }),
      project(7, { name: "Hidden, a member", workflow_id: id(17), visible: false }),
      project(5, { name: "No workflow" }),
      project(6, { name: "Copy not here yet", workflow_id: id(16) }),
    ];
    const workflows = [11, 12, 13, 14, 17].map((n) => workflow(n, { project_id: id(n - 10) }));
    const offered = assignableProjects(projects, workflows, asManager);
    expect(offered.map((each) => each.project.name)).toEqual(["Alpha", "Hidden, a member", "zeta"]);
    expect(offered[0]?.firstStage).toEqual(stage(1, 0));
  });

  it("offers a workspace collaborator only the projects they are a working member of", () => {
    const projects = [1, 7, 8].map((n) => project(n, { workflow_id: id(n + 10) }));
    const workflows = [11, 17, 18].map((n) => workflow(n, { project_id: id(n - 10) }));
    const asCollaborator = (each: ProjectRow) => ({
      workspaceRole: "collaborator" as const,
      projectRole: memberships.get(each.id),
    });
    expect(assignableProjects(projects, workflows, asCollaborator).map((each) => each.project.id)).toEqual([id(7)]);
  });

  it("does not offer a project whose workflow has no stages", () => {
    const empty = workflow(11, { project_id: id(1), stages: [] });
    expect(assignableProjects([project(1, { workflow_id: empty.id })], [empty], asManager)).toEqual([]);
  });
});
