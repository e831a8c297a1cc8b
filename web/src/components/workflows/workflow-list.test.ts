import type { ProjectRow } from "@hirestream/contracts/projects/rows.ts";
import type { StageRow, WorkflowRow } from "@hirestream/contracts/workflows/rows.ts";
import { describe, expect, it } from "vitest";
import {
  assignableProjects,
  canEditWorkflows,
  hasSequence,
  listWidth,
  stripStages,
  workflowActions,
  workflowsOfTab,
} from "./workflow-list.ts";

const at = "2026-11-01T00:00:00.000Z";
const workspaceId = "11111111-1111-4111-8111-111111111111";

function stage(id: string, name: string, position: number, sequenceId: string | null = null): StageRow {
  return {
    id,
    name,
    position,
    description: name,
    sequence_id: sequenceId,
    on_response_stage_id: null,
    on_response_stage_position: null,
  };
}

function workflow(id: string, name: string, changes: Partial<WorkflowRow> = {}): WorkflowRow {
  return {
    id,
    workspace_id: workspaceId,
    name,
    description: "",
    assigned_to: "template",
    project_id: null,
    stages: [stage(`${id}-a`, "Sourced", 0), stage(`${id}-b`, "Interview", 1), stage(`${id}-c`, "Offer", 2)],
    user_id: "55555555-5555-4555-8555-555555555555",
    created_at: at,
    updated_at: at,
    ...changes,
  };
}

function project(id: string, name: string, changes: Partial<ProjectRow> = {}): ProjectRow {
  return {
    id,
    workspace_id: workspaceId,
    name,
    description: null,
    priority: "High",
    status: "Active",
    start_date: null,
    deadline: null,
    visible: true,
    workflow_id: null,
    user_id: "55555555-5555-4555-8555-555555555555",
    created_at: at,
    updated_at: at,
    ...changes,
  };
}

describe("listWidth", () => {
  it("is 85% above 2000 px and 95% up to it", () => {
    expect(listWidth(2001)).toBe("85%");
    expect(listWidth(2000)).toBe("95%");
    expect(listWidth(1280)).toBe("95%");
  });
});

describe("workflowsOfTab", () => {
  const rows = [
    workflow("t2", "sales"),
    workflow("c1", "Engineering", { assigned_to: "project", project_id: "p1" }),
    workflow("t1", "Design"),
  ];

  it("lists the templates on Templates, by name whatever the case", () => {
    expect(workflowsOfTab(rows, "templates").map((row) => row.id)).toEqual(["t1", "t2"]);
  });

  it("lists the project copies on Assigned", () => {
    expect(workflowsOfTab(rows, "assigned").map((row) => row.id)).toEqual(["c1"]);
  });
});

describe("hasSequence", () => {
  it("is true when any stage starts a sequence", () => {
    const withOne = workflow("w", "W", {
      stages: [stage("a", "A", 0), stage("b", "B", 1, "44444444-4444-4444-8444-444444444444"), stage("c", "C", 2)],
    });
    expect(hasSequence(withOne)).toBe(true);
    expect(hasSequence(workflow("v", "V"))).toBe(false);
  });
});

describe("stripStages", () => {
  it("numbers the stages from 1 in position order", () => {
    const shuffled = workflow("w", "W", {
      stages: [stage("c", "Offer", 2), stage("a", "Sourced", 0), stage("b", "Interview", 1)],
    });
    expect(stripStages(shuffled)).toEqual([
      { id: "a", number: 1, name: "Sourced" },
      { id: "b", number: 2, name: "Interview" },
      { id: "c", number: 3, name: "Offer" },
    ]);
  });
});

describe("assignableProjects", () => {
  it("offers only projects without a workflow that are not archived, by name", () => {
    const projects = [
      project("p1", "Zeta"),
      project("p2", "Has one", { workflow_id: "66666666-6666-4666-8666-666666666666" }),
      project("p3", "Archived", { status: "Archived" }),
      project("p4", "alpha", { status: "Inactive" }),
    ];
    expect(assignableProjects(projects).map((row) => row.id)).toEqual(["p4", "p1"]);
  });
});

describe("canEditWorkflows", () => {
  it("lets owners, managers and collaborators edit, not viewers or strangers", () => {
    expect(canEditWorkflows("owner")).toBe(true);
    expect(canEditWorkflows("manager")).toBe(true);
    expect(canEditWorkflows("collaborator")).toBe(true);
    expect(canEditWorkflows("viewer")).toBe(false);
    expect(canEditWorkflows(null)).toBe(false);
  });
});

describe("workflowActions", () => {
  it("gives templates Edit, Add to Project and Remove", () => {
    expect(workflowActions("templates", { canEdit: true, project: undefined })).toEqual([
      "edit",
      "addToProject",
      "remove",
    ]);
  });

  it("gives project copies Edit and Remove", () => {
    expect(workflowActions("assigned", { canEdit: true, project: { status: "Active" } })).toEqual(["edit", "remove"]);
    expect(workflowActions("assigned", { canEdit: true, project: { status: "Inactive" } })).toEqual(["edit", "remove"]);
    expect(workflowActions("assigned", { canEdit: true, project: undefined })).toEqual(["edit", "remove"]);
  });

  it("gives no menu to the copy of an archived project", () => {
    expect(workflowActions("assigned", { canEdit: true, project: { status: "Archived" } })).toEqual([]);
  });

  it("gives no menu to a read-only user", () => {
    expect(workflowActions("templates", { canEdit: false, project: undefined })).toEqual([]);
    expect(workflowActions("assigned", { canEdit: false, project: { status: "Active" } })).toEqual([]);
  });
});
