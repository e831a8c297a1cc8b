import type { WorkspaceEvent } from "@hirestream/contracts/workspaces/events.ts";
import { describe, expect, it } from "vitest";
import {
  as,
  collaboratorId,
  forbidden,
  leave,
  managerId,
  memberAdded,
  memberLeft,
  nonOwners,
  notFound,
  ownerId,
  rejection,
  remove,
  renamed,
  strangerId,
  unauthenticated,
  update,
  viewerId,
  when,
  workspace,
  workspaceId,
} from "./testing/workspace-fixtures.ts";
import type { AcceptedWorkspaceInvitation, WorkspaceCommand } from "./workspace.decider.ts";

const removeMember = (userId: string): WorkspaceCommand => ({ type: "RemoveWorkspaceMember", data: { userId } });
const memberRemoved = (userId: string): WorkspaceEvent => ({
  type: "WorkspaceMemberRemoved",
  data: { workspaceId, userId },
});
const notMember = { code: "NOT_FOUND", message: "Member not found", pointer: undefined };
const ownerStays = {
  code: "FORBIDDEN",
  message: "The owner of a workspace cannot be removed from it",
  pointer: undefined,
};

describe("LeaveWorkspace", () => {
  for (const { role, userId } of nonOwners) {
    it(`a ${role} leaves the workspace`, () => {
      expect(when(workspace, leave, as(userId))).toEqual([memberLeft(userId)]);
    });

    it(`a ${role} who has left is a stranger afterwards`, () => {
      const afterLeaving = [...workspace, ...when(workspace, leave, as(userId))];
      expect(rejection(afterLeaving, leave, as(userId))).toEqual(notFound);
      expect(rejection(afterLeaving, update({ name: "Sales" }), as(userId))).toEqual(notFound);
      expect(rejection(afterLeaving, remove, as(userId))).toEqual(notFound);
    });
  }

  it("the others stay members when one member leaves", () => {
    const afterLeaving = [...workspace, memberLeft(viewerId)];
    expect(when(afterLeaving, leave, as(collaboratorId))).toEqual([memberLeft(collaboratorId)]);
    expect(when(afterLeaving, update({ name: "Sales" }), as(ownerId))).toEqual([renamed("Sales")]);
  });

  it("a member who left and was added again may leave again", () => {
    const rejoined = [...workspace, memberLeft(viewerId), memberAdded(viewerId, "viewer")];
    expect(when(rejoined, leave, as(viewerId))).toEqual([memberLeft(viewerId)]);
  });

  it("the owner may not leave the workspace", () => {
    expect(rejection(workspace, leave, as(ownerId))).toEqual({
      code: "OWNER_CANNOT_LEAVE",
      message: "The owner of a workspace cannot leave it",
      pointer: undefined,
    });
  });

  it("someone who is not a member cannot find the workspace to leave", () => {
    expect(rejection(workspace, leave, as(strangerId))).toEqual(notFound);
  });

  it("nobody may leave a workspace without being signed in", () => {
    expect(rejection(workspace, leave, as(null))).toEqual(unauthenticated);
  });
});

describe("JoinWorkspace", () => {
  const join = (changes: Partial<AcceptedWorkspaceInvitation> = {}): WorkspaceCommand => ({
    type: "JoinWorkspace",
    data: { invitation: { status: "active", workspaceId, toUserId: strangerId, workspaceRole: "viewer", ...changes } },
  });

  it("an accepted invitation adds its invitee with the workspace role it names", () => {
    expect(when(workspace, join(), as(strangerId))).toEqual([memberAdded(strangerId, "viewer")]);
  });

  it("someone already a member keeps the role they hold", () => {
    expect(when(workspace, join({ toUserId: viewerId, workspaceRole: "manager" }), as(viewerId))).toEqual([]);
  });

  it("a waiting, refused or someone else's invitation, or one to another workspace, adds no one", () => {
    for (const changes of [
      { status: "waiting" },
      { status: "inactive" },
      { toUserId: viewerId },
      { workspaceId: strangerId },
    ] as const) {
      expect(rejection(workspace, join(changes), as(strangerId))).toEqual({
        code: "NOT_FOUND",
        message: "Invitation not found",
        pointer: undefined,
      });
    }
  });
});

describe("RemoveWorkspaceMember", () => {
  // Spec §6: the owner has full control, and a manager "add[s] and remove[s] users".
  for (const [actor, actorId] of [
    ["owner", ownerId],
    ["manager", managerId],
  ] as const) {
    for (const [role, userId] of [
      ["manager", managerId],
      ["collaborator", collaboratorId],
      ["viewer", viewerId],
    ] as const) {
      it(`the ${actor} removes a ${role}`, () => {
        expect(when(workspace, removeMember(userId), as(actorId))).toEqual([memberRemoved(userId)]);
      });
    }
  }

  it("a removed member is a stranger to the workspace afterwards, and may be added again", () => {
    const afterwards = [...workspace, memberRemoved(viewerId)];
    expect(rejection(afterwards, { type: "LeaveWorkspace" }, as(viewerId))).toEqual(notFound);
    expect(rejection(afterwards, removeMember(viewerId), as(ownerId))).toEqual(notMember);
    const back = [...afterwards, memberAdded(viewerId, "viewer")];
    expect(when(back, { type: "LeaveWorkspace" }, as(viewerId))).toEqual([
      { type: "WorkspaceMemberLeft", data: { workspaceId, userId: viewerId } },
    ]);
  });

  it("nobody removes the owner, the owner included", () => {
    expect(rejection(workspace, removeMember(ownerId), as(managerId))).toEqual(ownerStays);
    expect(rejection(workspace, removeMember(ownerId), as(ownerId))).toEqual(ownerStays);
  });

  it("collaborators and viewers remove no one", () => {
    for (const actorId of [collaboratorId, viewerId]) {
      expect(rejection(workspace, removeMember(viewerId), as(actorId))).toEqual(forbidden);
      expect(rejection(workspace, removeMember(ownerId), as(actorId))).toEqual(forbidden);
    }
  });

  it("someone who is not a member cannot find the workspace, nor learn who is in it", () => {
    expect(rejection(workspace, removeMember(viewerId), as(strangerId))).toEqual(notFound);
    expect(rejection(workspace, removeMember(strangerId), as(strangerId))).toEqual(notFound);
  });

  it("removing someone who is not a member is refused as not found", () => {
    expect(rejection(workspace, removeMember(strangerId), as(ownerId))).toEqual(notMember);
  });

  it("nobody may remove a member without being signed in", () => {
    expect(rejection(workspace, removeMember(viewerId), as(null))).toEqual(unauthenticated);
  });
});
