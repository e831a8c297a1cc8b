import type { WorkspaceEvent } from "@hirestream/contracts/workspaces/events.ts";
import { describe, expect, it } from "vitest";
import {
  as,
  collaboratorId,
  forbidden,
  managerId,
  memberAdded,
  notFound,
  ownerId,
  rejection,
  strangerId,
  unauthenticated,
  viewerId,
  when,
  workspace,
  workspaceId,
} from "./testing/workspace-fixtures.ts";
import type { WorkspaceCommand } from "./workspace.decider.ts";

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
