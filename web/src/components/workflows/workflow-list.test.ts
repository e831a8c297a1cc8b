import type { ProjectRole } from "@hirestream/contracts/projects/events.ts";
import type { ProjectRow } from "@hirestream/contracts/projects/rows.ts";
import type { StageRow, WorkflowRow } from "@hirestream/contracts/workflows/rows.ts";
import type { WorkspaceRole } from "@hirestream/contracts/workspaces/events.ts";
import { describe, expect, it } from "vitest";
import {
  assignableProjects,
  canCreateWorkflows,
  hasSequence,
  listWidth,
  type OfferedAction,
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
    template_id: null,
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
  const projectsById = new Map([
    ["p1", project("p1", "Backend")],
    ["p3", project("p3", "My secret", { visible: false })],
  ]);
  const rows = [
    workflow("t2", "sales"),
    workflow("c1", "Engineering", { assigned_to: "project", project_id: "p1" }),
    workflow("t1", "Design"),
    workflow("c2", "Hidden", { assigned_to: "project", project_id: "p2" }),
    workflow("c3", "Mine", { assigned_to: "project", project_id: "p3" }),
    workflow("c4", "Orphan", { assigned_to: "project", project_id: "p9" }),
  ];

  it("lists the templates on Templates, by name whatever the case", () => {
    expect(workflowsOfTab(rows, "templates", projectsById).map((row) => row.id)).toEqual(["t1", "t2"]);
  });

  it("lists on Assigned the copies of the projects the user may read, and only those", () => {
    expect(workflowsOfTab(rows, "assigned", projectsById).map((row) => row.id)).toEqual(["c1", "c3"]);
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
  const me = "77777777-7777-4777-8777-777777777777";
  const noProjects = new Map<string, ProjectRole>();
  const owner = { role: "owner" as const, userId: me, projectRoles: noProjects };

  it("offers only projects without a workflow that are not archived, by name", () => {
    const projects = [
      project("p1", "Zeta"),
      project("p2", "Has one", { workflow_id: "66666666-6666-4666-8666-666666666666" }),
      project("p3", "Archived", { status: "Archived" }),
      project("p4", "alpha", { status: "Inactive" }),
    ];
    expect(assignableProjects(projects, owner).map((row) => row.id)).toEqual(["p4", "p1"]);
  });

  it("offers a hidden project only to those of its members who may edit it", () => {
    const projects = [
      project("p1", "Secret", { visible: false }),
      project("p2", "Mine", { visible: false, user_id: me }),
    ];
    const ownerOfP2 = { ...owner, projectRoles: new Map<string, ProjectRole>([["p2", "owner"]]) };
    expect(assignableProjects(projects, ownerOfP2).map((row) => row.id)).toEqual(["p2"]);
  });

  it("offers a workspace collaborator or viewer the projects they own, not those they only work in", () => {
    const projects = [project("p1", "Theirs"), project("p2", "Mine", { user_id: me })];
    const projectRoles = new Map<string, ProjectRole>([
      ["p1", "collaborator"],
      ["p2", "owner"],
    ]);
    for (const role of ["collaborator", "viewer"] as const) {
      expect(assignableProjects(projects, { role, userId: me, projectRoles }).map((row) => row.id)).toEqual(["p2"]);
      expect(assignableProjects(projects, { role, userId: me, projectRoles: noProjects })).toEqual([]);
    }
  });
});

describe("canCreateWorkflows", () => {
  it("lets owners, managers and collaborators create, not viewers or strangers", () => {
    expect(canCreateWorkflows("owner")).toBe(true);
    expect(canCreateWorkflows("manager")).toBe(true);
    expect(canCreateWorkflows("collaborator")).toBe(true);
    expect(canCreateWorkflows("viewer")).toBe(false);
    expect(canCreateWorkflows(null)).toBe(false);
  });
});

describe("workflowActions", () => {
  const me = "77777777-7777-4777-8777-777777777777";
  const someoneElse = "55555555-5555-4555-8555-555555555555";
  const template = (userId: string) => workflow("t", "T", { user_id: userId });
  const copy = workflow("c", "C", { assigned_to: "project", project_id: "p1", user_id: me });
  // The user owns p2 and collaborates in p3; p1 is not theirs.
  const projectRoles = new Map<string, ProjectRole>([
    ["p2", "owner"],
    ["p3", "collaborator"],
  ]);
  const as = (role: WorkspaceRole | null) => ({ role, userId: me, projectRoles });
  const actionsOf = (offered: readonly OfferedAction[]) => offered.map(({ action }) => action);
  const onTemplates = (role: WorkspaceRole | null, createdBy: string) =>
    actionsOf(
      workflowActions("templates", {
        workflow: template(createdBy),
        viewer: as(role),
        project: undefined,
        projectHasPeople: false,
      }),
    );
  const onCopy = (role: WorkspaceRole | null, inProject: ProjectRow | undefined, projectHasPeople = false) =>
    workflowActions("assigned", { workflow: copy, viewer: as(role), project: inProject, projectHasPeople });

  it("gives templates Edit, Add to Project and Remove, to owners and managers whoever created them", () => {
    for (const role of ["owner", "manager"] as const) {
      expect(onTemplates(role, someoneElse)).toEqual(["edit", "addToProject", "remove"]);
    }
  });

  it("gives a collaborator the menu of the templates they created only", () => {
    expect(onTemplates("collaborator", me)).toEqual(["edit", "addToProject", "remove"]);
    expect(onTemplates("collaborator", someoneElse)).toEqual([]);
  });

  it("gives a viewer or a stranger no menu, even on a workflow they created", () => {
    expect(onTemplates("viewer", me)).toEqual([]);
    expect(onTemplates(null, me)).toEqual([]);
    expect(actionsOf(onCopy("viewer", project("p3", "Theirs", { user_id: someoneElse })))).toEqual([]);
  });

  it("gives project copies Edit and Remove, to whoever manages the project", () => {
    const theirs = project("p1", "Theirs", { user_id: someoneElse });
    expect(actionsOf(onCopy("owner", theirs))).toEqual(["edit", "remove"]);
    expect(actionsOf(onCopy("manager", project("p1", "Inactive", { status: "Inactive" })))).toEqual(["edit", "remove"]);
    expect(actionsOf(onCopy("collaborator", project("p2", "Mine", { user_id: me })))).toEqual(["edit", "remove"]);
    // The copy's own creator counts for nothing: the project is someone else's.
    expect(actionsOf(onCopy("collaborator", theirs))).toEqual([]);
    // A workspace viewer who owns the project manages its copy as they manage the project.
    expect(actionsOf(onCopy("viewer", project("p2", "Mine", { user_id: me })))).toEqual(["edit", "remove"]);
    // Working in a project is not managing it.
    expect(actionsOf(onCopy("collaborator", project("p3", "Theirs", { user_id: someoneElse })))).toEqual([]);
  });

  it("gives no menu to the copy of an archived project, or of a project it does not know", () => {
    expect(onCopy("owner", project("p1", "Archived", { status: "Archived" }))).toEqual([]);
    expect(onCopy("owner", undefined)).toEqual([]);
  });

  it("shows Remove disabled, saying why, while the copy's project has people", () => {
    expect(onCopy("owner", project("p1", "Busy"), true)).toEqual([
      { action: "edit", blockedBy: null },
      { action: "remove", blockedBy: "Remove the project's people before removing its workflow" },
    ]);
    expect(onCopy("owner", project("p1", "Empty"), false)).toEqual([
      { action: "edit", blockedBy: null },
      { action: "remove", blockedBy: null },
    ]);
  });
});
