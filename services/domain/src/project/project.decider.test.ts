import { DomainError } from "@hirestream/contracts/errors.ts";
import type { ProjectEvent } from "@hirestream/contracts/projects/events.ts";
import type { WorkspaceRole } from "@hirestream/contracts/workspaces/events.ts";
import { describe, expect, it } from "vitest";
import { fold } from "../decider.ts";
import { rejection } from "../testing/rejection.ts";
import { ARCHIVED_READ_ONLY, type ProjectCommand, type ProjectContext, projectDecider } from "./project.decider.ts";

const projectId = "7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d";
const creatorId = "0b5d3f3e-6a1f-4c1e-9d7a-2f1c3b4a5e6f";
const otherId = "1c6e4f4f-7b2a-4d2f-8e8b-3a2d4c5b6f70";
const workspaceId = "3f2a9c1d-8b4e-4f6a-9c2d-1e0f5a6b7c8d";
const workflowId = "4e8a6b6b-9d4c-4f4b-b0ad-5c4f6e7d8b92";
const now = new Date("2026-11-22T12:00:00Z");

function as(actorId: string | null, role?: WorkspaceRole): ProjectContext {
  return { now, actorId, workspaceRoles: new Map(role ? [[workspaceId, role]] : []) };
}

const settings = {
  name: "Backend hires",
  description: "Two engineers",
  priority: "High",
  startDate: "2026-12-01",
  deadline: "2027-01-31",
  visible: true,
  workflowId: null,
} as const;

const created = (fields: Partial<Extract<ProjectEvent, { type: "ProjectCreated" }>["data"]> = {}): ProjectEvent => ({
  type: "ProjectCreated",
  data: { ...settings, projectId, workspaceId, userId: creatorId, status: "Active", ...fields },
});
const archived: ProjectEvent = { type: "ProjectArchived", data: { projectId, workspaceId } };
const templateId = "5f9b7c7c-0e5d-4a5c-8c1e-6d5f7e8f9a03";
const assigned: ProjectEvent = {
  type: "ProjectWorkflowAssigned",
  data: { projectId, workspaceId, workflowId, templateId },
};
const unassigned: ProjectEvent = { type: "ProjectWorkflowUnassigned", data: { projectId, workspaceId, workflowId } };
const assign = (copyId = workflowId): ProjectCommand => ({
  type: "AssignProjectWorkflow",
  data: { workflowId: copyId, templateId },
});
const unassign = (copyId = workflowId): ProjectCommand => ({
  type: "UnassignProjectWorkflow",
  data: { workflowId: copyId },
});
const removed: ProjectEvent = { type: "ProjectRemoved", data: { projectId, workspaceId } };

const { workflowId: _none, ...creationSettings } = settings;
const create = (fields: Partial<Extract<ProjectCommand, { type: "CreateProject" }>["data"]> = {}): ProjectCommand => ({
  type: "CreateProject",
  data: { ...creationSettings, projectId, workspaceId, status: "Active", ...fields },
});
const update = (changes: Extract<ProjectCommand, { type: "UpdateProject" }>["data"]["changes"]): ProjectCommand => ({
  type: "UpdateProject",
  data: { changes },
});

function decide(history: ProjectEvent[], command: ProjectCommand, context: ProjectContext) {
  return projectDecider.decide(fold(projectDecider, history), command, context);
}

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return error.code;
    throw error;
  }
  return "accepted";
}

describe("CreateProject", () => {
  it("records every field, with the creator as user_id", () => {
    expect(decide([], create(), as(creatorId, "collaborator"))).toEqual([created()]);
  });

  it("trims the name, stores a blank description as none, and is visible unless told otherwise", () => {
    const { visible: _visible, ...withoutVisible } = creationSettings;
    const data = { ...withoutVisible, name: "  Backend hires ", description: "  ", projectId, workspaceId };
    expect(decide([], { type: "CreateProject", data: { ...data, status: "Active" } }, as(creatorId, "owner"))).toEqual([
      created({ description: null }),
    ]);
  });

  it("with a template, records the project and then its copy of the template, in one decision", () => {
    expect(decide([], create({ workflow: { workflowId, templateId } }), as(creatorId, "owner"))).toEqual([
      created(),
      assigned,
    ]);
  });

  it("with its own copy of the template's sequence, records which sequence the copy starts instead", () => {
    const ownSequence = {
      replaces: "44444444-4444-4444-8444-444444444444",
      sequenceId: "55555555-5555-4555-8555-555555555555",
    };
    expect(decide([], create({ workflow: { workflowId, templateId, ownSequence } }), as(creatorId, "owner"))).toEqual([
      created(),
      { ...assigned, data: { ...assigned.data, ownSequence } },
    ]);
  });

  it.each([
    ["owner", "accepted"],
    ["manager", "accepted"],
    ["collaborator", "accepted"],
    ["viewer", "FORBIDDEN"],
  ] as const)("%s → %s", (role, outcome) => {
    expect(refusal(() => decide([], create(), as(creatorId, role)))).toBe(outcome);
  });

  it("in a workspace the actor is not in: not found; signed out: unauthenticated", () => {
    expect(refusal(() => decide([], create(), as(creatorId)))).toBe("NOT_FOUND");
    expect(refusal(() => decide([], create(), as(null, "owner")))).toBe("UNAUTHENTICATED");
  });

  it("refuses a blank name, a too long name and a deadline before the start", () => {
    expect(rejection(() => decide([], create({ name: "   " }), as(creatorId, "owner")))).toEqual({
      code: "VALIDATION",
      detail: "This field is required",
      pointer: "/data/attributes/name",
    });
    expect(rejection(() => decide([], create({ name: "x".repeat(121) }), as(creatorId, "owner"))).pointer).toBe(
      "/data/attributes/name",
    );
    expect(rejection(() => decide([], create({ deadline: "2026-11-30" }), as(creatorId, "owner")))).toEqual({
      code: "VALIDATION",
      detail: "must not be before the start date",
      pointer: "/data/attributes/deadline",
    });
  });

  it("an id already used: already exists, even after removal", () => {
    expect(refusal(() => decide([created()], create(), as(creatorId, "owner")))).toBe("ALREADY_EXISTS");
    expect(refusal(() => decide([created(), removed], create(), as(creatorId, "owner")))).toBe("ALREADY_EXISTS");
  });
});

describe("UpdateProject", () => {
  it("records only the fields that changed", () => {
    expect(
      decide(
        [created()],
        update({ name: "Backend hires", priority: "Low", deadline: null }),
        as(creatorId, "collaborator"),
      ),
    ).toEqual([
      { type: "ProjectUpdated", data: { projectId, workspaceId, changes: { priority: "Low", deadline: null } } },
    ]);
  });

  it("appends nothing when nothing changed", () => {
    expect(decide([created()], update({ name: " Backend hires ", status: "Active" }), as(creatorId, "owner"))).toEqual(
      [],
    );
  });

  it("flips the switch with a status change, and archives with status Archived", () => {
    expect(decide([created()], update({ status: "Inactive" }), as(creatorId, "owner"))).toEqual([
      { type: "ProjectStatusChanged", data: { projectId, workspaceId, status: "Inactive" } },
    ]);
    expect(decide([created()], update({ visible: false, status: "Archived" }), as(creatorId, "owner"))).toEqual([
      { type: "ProjectUpdated", data: { projectId, workspaceId, changes: { visible: false } } },
      archived,
    ]);
  });

  it("checks the deadline against the start date it would end with", () => {
    expect(refusal(() => decide([created()], update({ startDate: "2027-02-01" }), as(creatorId, "owner")))).toBe(
      "VALIDATION",
    );
    expect(
      decide([created()], update({ startDate: "2027-02-01", deadline: null }), as(creatorId, "owner")),
    ).toHaveLength(1);
  });

  it("does not assign a workflow: that is assign_to_project's, once", () => {
    expect(rejection(() => decide([created()], update({ workflowId }), as(creatorId, "owner")))).toEqual({
      code: "VALIDATION",
      detail: "is assigned once, with POST /workspaces/{ws}/workflows/{id}/assign_to_project",
      pointer: "/data/attributes/workflow_id",
    });
  });

  it("keeps an assigned workflow: another one or none is refused, the same one changes nothing", () => {
    for (const other of [otherId, null]) {
      expect(
        rejection(() => decide([created(), assigned], update({ workflowId: other }), as(creatorId, "owner"))),
      ).toEqual({
        code: "VALIDATION",
        detail: "cannot be changed once assigned",
        pointer: "/data/attributes/workflow_id",
      });
    }
    expect(
      decide([created(), assigned], update({ workflowId, name: "Backend hires" }), as(creatorId, "owner")),
    ).toEqual([]);
  });

  it("refuses any edit of an archived project", () => {
    for (const command of [
      update({ name: "Renamed" }),
      update({ status: "Active" }),
      { type: "ChangeProjectStatus", data: { status: "Active" } } as const,
      { type: "ArchiveProject" } as const,
    ]) {
      expect(rejection(() => decide([created(), archived], command, as(creatorId, "owner")))).toEqual({
        code: "VALIDATION",
        detail: ARCHIVED_READ_ONLY,
        pointer: undefined,
      });
    }
  });
});

describe("AssignProjectWorkflow", () => {
  it("records the project's copy of the template", () => {
    expect(decide([created()], assign(), as(creatorId, "owner"))).toEqual([assigned]);
  });

  it("assigns once: a project with a workflow is refused another, pointing at the project", () => {
    expect(rejection(() => decide([created(), assigned], assign(otherId), as(creatorId, "owner")))).toEqual({
      code: "VALIDATION",
      detail: "The project already has a workflow",
      pointer: "/data/attributes/project_id",
    });
  });

  it("the same copy asked for again (a retried request) changes nothing", () => {
    expect(decide([created(), assigned], assign(), as(creatorId, "owner"))).toEqual([]);
  });

  it("an archived project is read-only", () => {
    expect(rejection(() => decide([created(), archived], assign(), as(creatorId, "owner")))).toEqual({
      code: "VALIDATION",
      detail: ARCHIVED_READ_ONLY,
      pointer: undefined,
    });
  });

  it("once its copy is removed, the project may be given a workflow again", () => {
    const again = assign(otherId);
    expect(decide([created(), assigned, unassigned], again, as(creatorId, "owner"))).toEqual([
      { type: "ProjectWorkflowAssigned", data: { projectId, workspaceId, workflowId: otherId, templateId } },
    ]);
  });

  it.each([
    ["creator as collaborator", creatorId, "collaborator", "accepted"],
    ["another manager", otherId, "manager", "accepted"],
    ["a workspace collaborator outside the project", otherId, "collaborator", "NOT_FOUND"],
    ["a workspace viewer outside the project", otherId, "viewer", "NOT_FOUND"],
    ["a stranger", otherId, undefined, "NOT_FOUND"],
  ] as const)("%s → %s", (_name, actor, role, outcome) => {
    expect(refusal(() => decide([created()], assign(), as(actor, role)))).toBe(outcome);
  });

  it("an unknown or removed project is not found", () => {
    expect(refusal(() => decide([], assign(), as(creatorId, "owner")))).toBe("NOT_FOUND");
    expect(refusal(() => decide([created(), removed], assign(), as(creatorId, "owner")))).toBe("NOT_FOUND");
  });
});

describe("UnassignProjectWorkflow", () => {
  it("lets go of the project's copy", () => {
    expect(decide([created(), assigned], unassign(), as(creatorId, "owner"))).toEqual([unassigned]);
  });

  it("changes nothing when the project does not have that copy (a retried removal)", () => {
    expect(decide([created()], unassign(), as(creatorId, "owner"))).toEqual([]);
    expect(decide([created(), assigned], unassign(otherId), as(creatorId, "owner"))).toEqual([]);
  });

  it("an archived project keeps its workflow", () => {
    expect(rejection(() => decide([created(), assigned, archived], unassign(), as(creatorId, "owner"))).detail).toBe(
      ARCHIVED_READ_ONLY,
    );
  });

  it("only those who manage the project may", () => {
    const joined: ProjectEvent = {
      type: "ProjectMemberAdded",
      data: { projectId, workspaceId, userId: otherId, role: "collaborator" },
    };
    expect(refusal(() => decide([created(), assigned, joined], unassign(), as(otherId, "collaborator")))).toBe(
      "FORBIDDEN",
    );
  });
});

describe("who may change a project", () => {
  const rename = update({ name: "Renamed" });
  it.each([
    ["the creator (its first owner), a workspace collaborator", creatorId, "collaborator", "accepted"],
    ["the creator (its first owner), now a workspace viewer", creatorId, "viewer", "accepted"],
    ["a workspace owner", otherId, "owner", "accepted"],
    ["a workspace manager", otherId, "manager", "accepted"],
    ["a workspace collaborator who is not a member", otherId, "collaborator", "NOT_FOUND"],
    ["a workspace viewer who is not a member", otherId, "viewer", "NOT_FOUND"],
  ] as const)("%s → %s", (_name, actor, role, outcome) => {
    expect(refusal(() => decide([created()], rename, as(actor, role)))).toBe(outcome);
    expect(refusal(() => decide([created()], { type: "RemoveProject" }, as(actor, role)))).toBe(outcome);
  });

  it.each([
    ["owner", "accepted"],
    ["manager", "FORBIDDEN"],
    ["collaborator", "FORBIDDEN"],
    ["viewer", "FORBIDDEN"],
  ] as const)("a project %s who is a workspace collaborator → %s", (projectRole, outcome) => {
    const joined: ProjectEvent = {
      type: "ProjectMemberAdded",
      data: { projectId, workspaceId, userId: otherId, role: projectRole },
    };
    expect(refusal(() => decide([created(), joined], rename, as(otherId, "collaborator")))).toBe(outcome);
    expect(refusal(() => decide([created(), joined], { type: "RemoveProject" }, as(otherId, "collaborator")))).toBe(
      outcome,
    );
  });

  it("a non-member learns nothing: not found", () => {
    expect(refusal(() => decide([created()], rename, as(otherId)))).toBe("NOT_FOUND");
  });

  it("a hidden project is not found but by its members", () => {
    const hidden = created({ visible: false });
    expect(refusal(() => decide([hidden], rename, as(otherId, "owner")))).toBe("NOT_FOUND");
    expect(refusal(() => decide([hidden], rename, as(creatorId, "collaborator")))).toBe("accepted");
  });

  it("unknown and removed projects are not found", () => {
    expect(refusal(() => decide([], rename, as(creatorId, "owner")))).toBe("NOT_FOUND");
    expect(refusal(() => decide([created(), removed], { type: "RemoveProject" }, as(creatorId, "owner")))).toBe(
      "NOT_FOUND",
    );
  });
});

describe("status, archive and remove", () => {
  it("changes the status only when it differs", () => {
    const toInactive = { type: "ChangeProjectStatus", data: { status: "Inactive" } } as const;
    expect(decide([created()], toInactive, as(creatorId, "owner"))).toEqual([
      { type: "ProjectStatusChanged", data: { projectId, workspaceId, status: "Inactive" } },
    ]);
    expect(decide([created({ status: "Inactive" })], toInactive, as(creatorId, "owner"))).toEqual([]);
  });

  it("archives an Active or Inactive project", () => {
    for (const status of ["Active", "Inactive"] as const) {
      expect(decide([created({ status })], { type: "ArchiveProject" }, as(creatorId, "owner"))).toEqual([archived]);
    }
  });

  it("removes a project, archived or not", () => {
    expect(decide([created()], { type: "RemoveProject" }, as(creatorId, "owner"))).toEqual([removed]);
    expect(decide([created(), archived], { type: "RemoveProject" }, as(otherId, "manager"))).toEqual([removed]);
  });
});

describe("evolve", () => {
  it("folds a project's life and ignores events of other kinds", () => {
    const history: ProjectEvent[] = [
      created(),
      { type: "ProjectUpdated", data: { projectId, workspaceId, changes: { name: "Renamed", deadline: null } } },
      { type: "ProjectStatusChanged", data: { projectId, workspaceId, status: "Inactive" } },
    ];
    const foreign = { type: "WorkspaceRenamed", data: { workspaceId, name: "x" } } as unknown as ProjectEvent;
    expect(fold(projectDecider, [...history, foreign])).toEqual({
      status: "existing",
      project: { ...created().data, name: "Renamed", deadline: null, status: "Inactive" },
      members: new Map([[creatorId, "owner"]]),
    });
    expect(fold(projectDecider, [...history, archived])).toMatchObject({ project: { status: "Archived" } });
    expect(fold(projectDecider, [...history, removed])).toEqual({ status: "removed" });
  });

  it("follows the project's workflow: the copy assigned, then none once it is let go", () => {
    expect(fold(projectDecider, [created(), assigned])).toMatchObject({ project: { workflowId } });
    expect(fold(projectDecider, [created(), assigned, unassigned])).toMatchObject({ project: { workflowId: null } });
    const staleRelease: ProjectEvent = { ...unassigned, data: { ...unassigned.data, workflowId: otherId } };
    expect(fold(projectDecider, [created(), assigned, staleRelease])).toMatchObject({ project: { workflowId } });
  });
});
