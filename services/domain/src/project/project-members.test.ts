import type { ProjectEvent, ProjectRole } from "@hirestream/contracts/projects/events.ts";
import type { WorkspaceRole } from "@hirestream/contracts/workspaces/events.ts";
import { describe, expect, it } from "vitest";
import { fold } from "../decider.ts";
import { rejection } from "../testing/rejection.ts";
import {
  type AcceptedProjectInvitation,
  type ProjectCommand,
  type ProjectContext,
  projectDecider,
  projectMemberMessages,
} from "./project.decider.ts";

const projectId = "7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d";
const workspaceId = "3f2a9c1d-8b4e-4f6a-9c2d-1e0f5a6b7c8d";
const creatorId = "0b5d3f3e-6a1f-4c1e-9d7a-2f1c3b4a5e6f";
const memberId = "1c6e4f4f-7b2a-4d2f-8e8b-3a2d4c5b6f70";
const outsiderId = "2d7f5a5a-8c3b-4e3a-9f9c-4b3e5d6c7a81";
const now = new Date("2026-11-22T12:00:00Z");

function as(actorId: string, role?: WorkspaceRole): ProjectContext {
  return { now, actorId, workspaceRoles: new Map(role ? [[workspaceId, role]] : []) };
}

const created: ProjectEvent = {
  type: "ProjectCreated",
  data: {
    name: "Backend hires",
    description: null,
    priority: "High",
    startDate: null,
    deadline: null,
    visible: true,
    workflowId: null,
    projectId,
    workspaceId,
    userId: creatorId,
    status: "Active",
  },
};
const joined = (userId: string, role: ProjectRole): ProjectEvent => ({
  type: "ProjectMemberAdded",
  data: { projectId, workspaceId, userId, role },
});
const changeRole = (userId: string, role: ProjectRole): ProjectCommand => ({
  type: "ChangeProjectMemberRole",
  data: { userId, role },
});
const remove = (userId: string): ProjectCommand => ({ type: "RemoveProjectMember", data: { userId } });

function decide(history: ProjectEvent[], command: ProjectCommand, context: ProjectContext) {
  return projectDecider.decide(fold(projectDecider, history), command, context);
}

describe("project members", () => {
  it("the creator is the project's first owner; members join, change role and leave", () => {
    const history = [
      created,
      joined(memberId, "collaborator"),
      { type: "ProjectMemberRoleChanged", data: { projectId, workspaceId, userId: memberId, role: "manager" } },
    ] satisfies ProjectEvent[];
    expect(fold(projectDecider, history)).toMatchObject({
      members: new Map([
        [creatorId, "owner"],
        [memberId, "manager"],
      ]),
    });
    const left: ProjectEvent = { type: "ProjectMemberRemoved", data: { projectId, workspaceId, userId: memberId } };
    expect(fold(projectDecider, [...history, left])).toMatchObject({ members: new Map([[creatorId, "owner"]]) });
  });

  it("an owner gives any role, a manager Manager, Collaborator or Viewer", () => {
    const history = [created, joined(memberId, "collaborator"), joined(outsiderId, "manager")];
    expect(decide(history, changeRole(memberId, "owner"), as(creatorId, "collaborator"))).toEqual([
      { type: "ProjectMemberRoleChanged", data: { projectId, workspaceId, userId: memberId, role: "owner" } },
    ]);
    expect(decide(history, changeRole(memberId, "viewer"), as(outsiderId, "viewer"))).toEqual([
      { type: "ProjectMemberRoleChanged", data: { projectId, workspaceId, userId: memberId, role: "viewer" } },
    ]);
    expect(rejection(() => decide(history, changeRole(memberId, "owner"), as(outsiderId, "viewer")))).toEqual({
      code: "FORBIDDEN",
      detail: "Your role does not allow giving the owner role",
      pointer: "/data/attributes/role",
    });
  });

  it("workspace owners and managers manage the members of every project, member or not", () => {
    const history = [created, joined(memberId, "collaborator")];
    expect(decide(history, changeRole(memberId, "owner"), as(outsiderId, "owner"))).toHaveLength(1);
    expect(decide(history, changeRole(memberId, "manager"), as(outsiderId, "manager"))).toHaveLength(1);
    expect(rejection(() => decide(history, changeRole(memberId, "owner"), as(outsiderId, "manager")))).toMatchObject({
      code: "FORBIDDEN",
    });
  });

  it("collaborators and viewers of the project manage no one", () => {
    for (const role of ["collaborator", "viewer"] as const) {
      const history = [created, joined(memberId, role), joined(outsiderId, "viewer")];
      expect(
        rejection(() => decide(history, changeRole(outsiderId, "collaborator"), as(memberId, "collaborator"))),
      ).toEqual({
        code: "FORBIDDEN",
        detail: projectMemberMessages.mayNotManage,
        pointer: undefined,
      });
      expect(rejection(() => decide(history, remove(outsiderId), as(memberId, "collaborator")))).toMatchObject({
        code: "FORBIDDEN",
      });
    }
  });

  it("a manager leaves owners alone", () => {
    const history = [created, joined(memberId, "manager"), joined(outsiderId, "owner")];
    expect(
      rejection(() => decide(history, changeRole(outsiderId, "manager"), as(memberId, "collaborator"))),
    ).toMatchObject({
      code: "FORBIDDEN",
    });
    expect(rejection(() => decide(history, remove(creatorId), as(memberId, "collaborator")))).toMatchObject({
      code: "FORBIDDEN",
    });
  });

  it("the only owner can be neither demoted nor removed; one of two owners can", () => {
    const alone = [created, joined(memberId, "manager")];
    expect(rejection(() => decide(alone, changeRole(creatorId, "manager"), as(creatorId, "collaborator")))).toEqual({
      code: "VALIDATION",
      detail: "The only owner of a project cannot be changed or removed",
      pointer: "/data/attributes/role",
    });
    expect(rejection(() => decide(alone, remove(creatorId), as(outsiderId, "owner")))).toEqual({
      code: "VALIDATION",
      detail: "The only owner of a project cannot be changed or removed",
      pointer: undefined,
    });
    const two = [created, joined(memberId, "owner")];
    expect(decide(two, remove(creatorId), as(memberId, "collaborator"))).toEqual([
      { type: "ProjectMemberRemoved", data: { projectId, workspaceId, userId: creatorId } },
    ]);
  });

  it("an unchanged role appends nothing; someone who is not a member is not found", () => {
    const history = [created, joined(memberId, "collaborator")];
    expect(decide(history, changeRole(memberId, "collaborator"), as(creatorId, "collaborator"))).toEqual([]);
    expect(rejection(() => decide(history, remove(outsiderId), as(creatorId, "collaborator")))).toEqual({
      code: "NOT_FOUND",
      detail: "Project user not found",
      pointer: undefined,
    });
  });

  it("someone outside the workspace finds no project, whatever membership they held", () => {
    const history = [created, joined(memberId, "owner")];
    expect(rejection(() => decide(history, remove(creatorId), as(memberId)))).toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("joining a project", () => {
  const invitation = (changes: Partial<AcceptedProjectInvitation> = {}): ProjectCommand => ({
    type: "JoinProject",
    data: { invitation: { status: "active", projectId, toUserId: memberId, projectRole: "collaborator", ...changes } },
  });

  it("an accepted invitation to this project adds its invitee with the role it names", () => {
    expect(decide([created], invitation(), as(memberId, "viewer"))).toEqual([joined(memberId, "collaborator")]);
    expect(decide([created, joined(memberId, "collaborator")], invitation(), as(memberId, "viewer"))).toEqual([]);
  });

  it("a waiting, refused or someone else's invitation, or one to another project, adds no one", () => {
    for (const changes of [
      { status: "waiting" },
      { status: "inactive" },
      { toUserId: outsiderId },
      { projectId: workspaceId },
      { projectRole: null },
    ] as const) {
      expect(rejection(() => decide([created], invitation(changes), as(memberId, "viewer")))).toEqual({
        code: "NOT_FOUND",
        detail: "Invitation not found",
        pointer: undefined,
      });
    }
  });
});
