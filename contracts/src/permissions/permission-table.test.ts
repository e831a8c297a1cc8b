import { describe, expect, it } from "vitest";
import { type ProjectRole, projectRoles } from "../projects/events.ts";
import { type WorkspaceRole, workspaceRoles } from "../workspaces/events.ts";
import {
  assignableProjectRoles,
  mayInProject,
  mayInWorkspace,
  mayReachProject,
  type ProjectAction,
  projectActions,
  projectReach,
  type WorkspaceAction,
  workspaceActions,
} from "./permission-table.ts";

// Spec §6 read again, role by role, apart from the table: a change to the table that the spec
// does not back fails here.

describe("mayInWorkspace", () => {
  const people = (read: boolean, write: boolean) => ({
    "people.read": read,
    "people.add": write,
    "people.edit": write,
    "workflows.read": read,
    "workflows.create": write,
  });
  const projects = (create: boolean, manage: boolean) => ({
    "projects.read": true,
    "projects.create": create,
    "projects.manage": manage,
    // Workflows are managed as projects are: all by owners and managers, a collaborator's own by them.
    "workflows.manage": manage,
    // A manager adds and removes users, as the owner does.
    "workspace.members.manage": manage,
    // Sequences go as workflows do; integrations are the leads' alone, and everyone sees them.
    "sequences.read": true,
    "sequences.create": create,
    "sequences.manage": manage,
    "integrations.read": true,
    "integrations.manage": manage,
    // Issue 17: the Reports page is for owners and managers.
    "reports.read": manage,
  });
  const expected: Record<WorkspaceRole, Record<WorkspaceAction, boolean>> = {
    owner: {
      "workspace.read": true,
      "workspace.update": true,
      "workspace.remove": true,
      "workspace.leave": false,
      ...people(true, true),
      ...projects(true, true),
    },
    manager: {
      "workspace.read": true,
      "workspace.update": false,
      "workspace.remove": false,
      "workspace.leave": true,
      ...people(true, true),
      ...projects(true, true),
    },
    collaborator: {
      "workspace.read": true,
      "workspace.update": false,
      "workspace.remove": false,
      "workspace.leave": true,
      ...people(true, true),
      ...projects(true, false),
    },
    viewer: {
      "workspace.read": true,
      "workspace.update": false,
      "workspace.remove": false,
      "workspace.leave": true,
      ...people(true, false),
      ...projects(false, false),
    },
  };

  it("the expectations name every role of the contract and every action of the table", () => {
    expect(Object.keys(expected).sort()).toEqual([...workspaceRoles].sort());
    for (const role of workspaceRoles) expect(Object.keys(expected[role]).sort()).toEqual([...workspaceActions].sort());
  });

  for (const role of workspaceRoles) {
    for (const [action, allowed] of Object.entries(expected[role]) as [WorkspaceAction, boolean][]) {
      it(`a workspace ${role} ${allowed ? "may" : "may not"} ${action}`, () => {
        expect(mayInWorkspace(role, action)).toBe(allowed);
      });
    }
  }
});

describe("mayInProject", () => {
  const none: Record<ProjectAction, boolean> = {
    "project.read": false,
    "project.edit": false,
    "project.remove": false,
    "project.members.manage": false,
    "pipeline.work": false,
    "workflow.use": false,
    "messages.write": false,
    "messages.send": false,
    "messages.approve": false,
    "files.add": false,
  };
  const all: Record<ProjectAction, boolean> = Object.fromEntries(
    Object.keys(none).map((action) => [action, true]),
  ) as Record<ProjectAction, boolean>;
  const byProjectRole: Record<ProjectRole, Record<ProjectAction, boolean>> = {
    // "Unlimited access, edit and delete the project."
    owner: all,
    // "Invite and manage users, add people, write and send messages", and so approve what is sent.
    manager: { ...all, "project.edit": false, "project.remove": false },
    // "Add and edit people, use the workflow, write messages." A file is added as people are.
    collaborator: {
      ...none,
      "project.read": true,
      "pipeline.work": true,
      "workflow.use": true,
      "messages.write": true,
      "files.add": true,
    },
    viewer: { ...none, "project.read": true },
  };

  it("the expectations name every project role and every project action of the table", () => {
    expect(Object.keys(byProjectRole).sort()).toEqual([...projectRoles].sort());
    expect(Object.keys(none).sort()).toEqual([...projectActions].sort());
  });

  for (const projectRole of projectRoles) {
    for (const workspaceRole of ["collaborator", "viewer"] as const) {
      for (const [action, allowed] of Object.entries(byProjectRole[projectRole]) as [ProjectAction, boolean][]) {
        it(`a project ${projectRole} who is a workspace ${workspaceRole} ${allowed ? "may" : "may not"} ${action}`, () => {
          expect(mayInProject({ workspaceRole, projectRole }, action)).toBe(allowed);
        });
      }
    }
  }

  for (const workspaceRole of ["owner", "manager"] as const) {
    it(`a workspace ${workspaceRole} may do everything to every project of the workspace, member or not`, () => {
      for (const action of projectActions) {
        expect(mayInProject({ workspaceRole, projectRole: undefined }, action)).toBe(true);
        expect(mayInProject({ workspaceRole, projectRole: "viewer" }, action)).toBe(true);
      }
    });
  }

  for (const workspaceRole of ["collaborator", "viewer"] as const) {
    it(`a workspace ${workspaceRole} who is not a member reaches nothing of the project`, () => {
      for (const action of projectActions)
        expect(mayInProject({ workspaceRole, projectRole: undefined }, action)).toBe(false);
    });
  }

  it("only owners and managers, of the project or the workspace, approve what a writer made ready", () => {
    const approvers = [
      { workspaceRole: "owner", projectRole: undefined },
      { workspaceRole: "manager", projectRole: undefined },
      { workspaceRole: "viewer", projectRole: "owner" },
      { workspaceRole: "collaborator", projectRole: "manager" },
    ] as const;
    for (const access of approvers) expect(mayInProject(access, "messages.approve")).toBe(true);
    const writers = [
      { workspaceRole: "collaborator", projectRole: "collaborator" },
      { workspaceRole: "viewer", projectRole: "collaborator" },
    ] as const;
    for (const access of writers) {
      expect(mayInProject(access, "messages.write")).toBe(true);
      expect(mayInProject(access, "messages.approve")).toBe(false);
    }
  });

  it("a project role counts for nothing once its holder is out of the workspace", () => {
    for (const action of projectActions) {
      expect(mayInProject({ workspaceRole: undefined, projectRole: "owner" }, action)).toBe(false);
    }
  });
});

describe("mayReachProject", () => {
  const hidden = { visible: false };
  const visible = { visible: true };

  it("a member reaches the project by any project role, hidden or not", () => {
    for (const projectRole of projectRoles) {
      for (const workspaceRole of workspaceRoles) {
        expect(mayReachProject({ workspaceRole, projectRole }, hidden)).toBe(true);
        expect(mayReachProject({ workspaceRole, projectRole }, visible)).toBe(true);
      }
    }
  });

  it("a workspace owner or manager who is not a member reaches it only while it is visible", () => {
    for (const workspaceRole of ["owner", "manager"] as const) {
      expect(mayReachProject({ workspaceRole, projectRole: undefined }, visible)).toBe(true);
      expect(mayReachProject({ workspaceRole, projectRole: undefined }, hidden)).toBe(false);
    }
  });

  it("a workspace collaborator or viewer who is not a member never reaches it", () => {
    for (const workspaceRole of ["collaborator", "viewer"] as const) {
      expect(mayReachProject({ workspaceRole, projectRole: undefined }, visible)).toBe(false);
    }
  });

  it("no one outside the workspace reaches it, a membership left behind included", () => {
    expect(mayReachProject({ workspaceRole: undefined, projectRole: "owner" }, visible)).toBe(false);
  });

  it("the lists for queries say the same as the rule", () => {
    for (const workspaceRole of workspaceRoles) {
      for (const projectRole of [...projectRoles, undefined]) {
        for (const project of [hidden, visible]) {
          const byLists =
            (projectRole !== undefined && (projectReach.projectRoles as readonly string[]).includes(projectRole)) ||
            (project.visible && (projectReach.workspaceRolesWhileVisible as readonly string[]).includes(workspaceRole));
          expect(mayReachProject({ workspaceRole, projectRole }, project)).toBe(byLists);
        }
      }
    }
  });
});

describe("assignableProjectRoles", () => {
  it("an owner of the project or of the workspace gives any role", () => {
    expect(assignableProjectRoles({ workspaceRole: "collaborator", projectRole: "owner" })).toEqual([
      "owner",
      "manager",
      "collaborator",
      "viewer",
    ]);
    expect(assignableProjectRoles({ workspaceRole: "owner", projectRole: undefined })).toEqual([
      "owner",
      "manager",
      "collaborator",
      "viewer",
    ]);
  });

  it("a manager of the project or of the workspace gives Manager, Collaborator or Viewer", () => {
    for (const access of [
      { workspaceRole: "viewer", projectRole: "manager" },
      { workspaceRole: "manager", projectRole: undefined },
      { workspaceRole: "manager", projectRole: "collaborator" },
    ] as const) {
      expect(assignableProjectRoles(access)).toEqual(["manager", "collaborator", "viewer"]);
    }
  });

  it("collaborators, viewers and anyone outside the workspace give none", () => {
    expect(assignableProjectRoles({ workspaceRole: "collaborator", projectRole: "collaborator" })).toEqual([]);
    expect(assignableProjectRoles({ workspaceRole: "viewer", projectRole: "viewer" })).toEqual([]);
    expect(assignableProjectRoles({ workspaceRole: "collaborator", projectRole: undefined })).toEqual([]);
    expect(assignableProjectRoles({ workspaceRole: undefined, projectRole: "owner" })).toEqual([]);
  });
});
