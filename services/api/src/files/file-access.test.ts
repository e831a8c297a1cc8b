import { DomainError } from "@hirestream/contracts/errors.ts";
import type { ProjectRole } from "@hirestream/contracts/projects/events.ts";
import type { WorkspaceRole } from "@hirestream/contracts/workspaces/events.ts";
import {
  ARCHIVED_READ_ONLY,
  type ExistingProject,
  type ProjectContext,
  type ProjectState,
} from "@hirestream/domain/project/project.decider.ts";
import { describe, expect, it } from "vitest";
import { type FileAction, projectForFiles } from "./file-access.ts";

const workspaceId = "3f2a9c1d-8b4e-4f6a-9c2d-1e0f5a6b7c8d";
const otherWorkspaceId = "5a9b7c7c-0e5d-4a5c-81be-6d5a7f8e9ca3";
const creatorId = "0b5d3f3e-6a1f-4c1e-9d7a-2f1c3b4a5e6f";
const otherId = "1c6e4f4f-7b2a-4d2f-8e8b-3a2d4c5b6f70";

const project: ExistingProject = {
  projectId: "7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d",
  workspaceId,
  userId: creatorId,
  name: "Backend hires",
  description: null,
  priority: "High",
  status: "Active",
  startDate: null,
  deadline: null,
  visible: true,
  workflowId: null,
};
/** The project, its creator its owner; `otherId` a member too when `otherRole` is given. */
const existing = (changes: Partial<ExistingProject> = {}, otherRole?: ProjectRole): ProjectState => ({
  status: "existing",
  project: { ...project, ...changes },
  members: new Map<string, ProjectRole>([
    [changes.userId ?? project.userId, "owner"],
    ...(otherRole ? [[otherId, otherRole] as const] : []),
  ]),
});

function as(actorId: string, role?: WorkspaceRole): ProjectContext {
  return { now: new Date("2026-11-22T12:00:00Z"), actorId, workspaceRoles: new Map(role ? [[workspaceId, role]] : []) };
}

/** "allowed", or the refusal's code and words. */
function outcome(state: ProjectState, context: ProjectContext, action: FileAction, named?: string): string {
  try {
    projectForFiles(state, context, {
      action,
      notFound: "Nothing here",
      ...(named === undefined ? {} : { workspaceId: named }),
    });
    return "allowed";
  } catch (error) {
    if (error instanceof DomainError) return `${error.code}: ${error.message}`;
    throw error;
  }
}

const notFound = "NOT_FOUND: Nothing here";
const archivedRefusal = `VALIDATION: ${ARCHIVED_READ_ONLY}`;
const actions: FileAction[] = ["read", "upload", "remove"];
const roles: WorkspaceRole[] = ["owner", "manager", "collaborator", "viewer"];
const projectRoles: ProjectRole[] = ["owner", "manager", "collaborator", "viewer"];

describe("projectForFiles", () => {
  it("answers the project itself when allowed", () => {
    expect(projectForFiles(existing(), as(otherId, "manager"), { action: "upload", notFound: "x" })).toEqual(project);
  });

  it("knows no project that does not exist or was removed, whoever asks and whatever for", () => {
    for (const state of [{ status: "unknown" }, { status: "removed" }] as const) {
      for (const action of actions) expect(outcome(state, as(creatorId, "owner"), action)).toBe(notFound);
    }
  });

  it("knows no project to someone outside its workspace, with the words the caller chose", () => {
    for (const action of actions) {
      expect(outcome(existing(), as(otherId), action)).toBe(notFound);
      expect(outcome(existing({ status: "Archived" }), as(otherId), action)).toBe(notFound);
    }
  });

  it("knows no project under another workspace than its own, even to its owner", () => {
    for (const action of actions)
      expect(outcome(existing(), as(creatorId, "owner"), action, otherWorkspaceId)).toBe(notFound);
    expect(outcome(existing(), as(creatorId, "owner"), "read", workspaceId)).toBe("allowed");
  });

  it("shows a hidden project's files to its members only", () => {
    const hidden = existing({ visible: false });
    for (const role of roles) expect(outcome(hidden, as(otherId, role), "read")).toBe(notFound);
    expect(outcome(existing({ visible: false }, "viewer"), as(otherId, "viewer"), "read")).toBe("allowed");
    expect(outcome(hidden, as(creatorId, "collaborator"), "read")).toBe("allowed");
    expect(outcome(hidden, as(creatorId, "collaborator"), "upload")).toBe("allowed");
  });

  it("lets workspace owners and managers and the project's members read, archived or not", () => {
    for (const status of ["Active", "Archived"] as const) {
      for (const role of ["owner", "manager"] as const)
        expect(outcome(existing({ status }), as(otherId, role), "read")).toBe("allowed");
      for (const projectRole of projectRoles)
        expect(outcome(existing({ status }, projectRole), as(otherId, "viewer"), "read")).toBe("allowed");
    }
  });

  it("knows no project to a workspace collaborator or viewer who is not one of its members", () => {
    for (const role of ["collaborator", "viewer"] as const) {
      for (const action of actions) expect(outcome(existing(), as(otherId, role), action)).toBe(notFound);
    }
  });

  it("lets workspace owners and managers and the project's owners, managers and collaborators add files", () => {
    expect(outcome(existing(), as(otherId, "owner"), "upload")).toBe("allowed");
    expect(outcome(existing(), as(otherId, "manager"), "upload")).toBe("allowed");
    expect(projectRoles.map((role) => outcome(existing({}, role), as(otherId, "collaborator"), "upload"))).toEqual([
      "allowed",
      "allowed",
      "allowed",
      "FORBIDDEN: Your role does not allow adding files to this project",
    ]);
  });

  it("lets those who may edit the project remove files: workspace owners and managers, and its owners", () => {
    expect(outcome(existing(), as(otherId, "owner"), "remove")).toBe("allowed");
    expect(outcome(existing(), as(otherId, "manager"), "remove")).toBe("allowed");
    expect(projectRoles.map((role) => outcome(existing({}, role), as(otherId, "collaborator"), "remove"))).toEqual([
      "allowed",
      "FORBIDDEN: Your role does not allow removing files from this project",
      "FORBIDDEN: Your role does not allow removing files from this project",
      "FORBIDDEN: Your role does not allow removing files from this project",
    ]);
    expect(outcome(existing(), as(creatorId, "viewer"), "remove")).toBe("allowed");
  });

  it("takes no file into an archived project and removes none from it, after the role is checked", () => {
    for (const action of ["upload", "remove"] as const) {
      expect(outcome(existing({ status: "Archived" }), as(otherId, "owner"), action)).toBe(archivedRefusal);
      expect(outcome(existing({ status: "Archived" }, "viewer"), as(otherId, "viewer"), action)).toMatch(/^FORBIDDEN/);
    }
    expect(outcome(existing({ status: "Inactive" }, "collaborator"), as(otherId, "collaborator"), "upload")).toBe(
      "allowed",
    );
  });
});
