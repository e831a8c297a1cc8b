import type { InvitationEvent } from "@hirestream/contracts/invitations/events.ts";
import type { ProjectAccess } from "@hirestream/contracts/permissions/permission-table.ts";
import { describe, expect, it } from "vitest";
import { fold } from "../decider.ts";
import { rejection } from "../testing/rejection.ts";
import {
  type InvitationCommand,
  type InvitationContext,
  invitationDecider,
  invitationMessages,
} from "./invitation.decider.ts";

const invitationId = "6a0c8d8d-1f6e-4b6d-9d2f-7e6a8f9a0b14";
const workspaceId = "3f2a9c1d-8b4e-4f6a-9c2d-1e0f5a6b7c8d";
const projectId = "7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d";
const inviterId = "0b5d3f3e-6a1f-4c1e-9d7a-2f1c3b4a5e6f";
const inviteeId = "1c6e4f4f-7b2a-4d2f-8e8b-3a2d4c5b6f70";
const strangerId = "2d7f5a5a-8c3b-4e3a-9f9c-4b3e5d6c7a81";
const now = new Date("2026-11-22T12:00:00Z");
const at = now.toISOString();

const newcomer = { userId: null, workspaceRole: undefined, projectRole: undefined, alreadyInvited: false };

function context(
  changes: {
    inviter?: ProjectAccess;
    invitee?: Partial<InvitationContext["invitee"]>;
    actorId?: string;
    actorEmail?: string | null;
    project?: boolean;
    hidden?: boolean;
  } = {},
): InvitationContext {
  return {
    now,
    actorId: changes.actorId ?? inviterId,
    actorEmail: changes.actorEmail ?? null,
    target: changes.hidden
      ? null
      : {
          workspaceId,
          projectId: changes.project === false ? null : projectId,
          inviter: changes.inviter ?? { workspaceRole: "owner", projectRole: undefined },
        },
    invitee: { ...newcomer, ...changes.invitee },
  };
}

const toProject = (data: Partial<Extract<InvitationCommand, { type: "SendInvitation" }>["data"]> = {}) =>
  ({
    type: "SendInvitation",
    data: {
      invitationId,
      toEmail: " Grace@Example.com ",
      invitableType: "Project",
      invitableId: projectId,
      workspaceRole: "viewer",
      projectRole: "collaborator",
      ...data,
    },
  }) satisfies InvitationCommand;
const toWorkspace = (data: Partial<Extract<InvitationCommand, { type: "SendInvitation" }>["data"]> = {}) =>
  toProject({ invitableType: "Workspace", invitableId: workspaceId, projectRole: undefined, ...data });

const sent = (
  changes: Partial<Extract<InvitationEvent, { type: "InvitationSent" }>["data"]> = {},
): InvitationEvent => ({
  type: "InvitationSent",
  data: {
    invitationId,
    fromUserId: inviterId,
    toEmail: "grace@example.com",
    toUserId: null,
    invitableType: "Project",
    invitableId: projectId,
    workspaceId,
    workspaceRole: "viewer",
    projectRole: "collaborator",
    at,
    ...changes,
  },
});

function decide(history: InvitationEvent[], command: InvitationCommand, given: InvitationContext) {
  return invitationDecider.decide(fold(invitationDecider, history), command, given);
}

describe("sending an invitation", () => {
  it("invites an email with no account to a project, with both roles, and it waits for the sign-up", () => {
    expect(decide([], toProject(), context())).toEqual([sent()]);
    expect(fold(invitationDecider, [sent()])).toMatchObject({ status: "waiting", invitation: { toUserId: null } });
  });

  it("takes the workspace role of someone already in the workspace, whatever was sent", () => {
    const member = { userId: inviteeId, workspaceRole: "manager" as const };
    expect(decide([], toProject({ workspaceRole: undefined }), context({ invitee: member }))).toEqual([
      sent({ toUserId: inviteeId, workspaceRole: "manager" }),
    ]);
  });

  it("asks for a workspace role from anyone not yet in the workspace, one of Manager, Collaborator, Viewer", () => {
    expect(rejection(() => decide([], toProject({ workspaceRole: undefined }), context()))).toEqual({
      code: "VALIDATION",
      detail: "This field is required",
      pointer: "/data/attributes/workspace_role",
    });
    expect(rejection(() => decide([], toProject({ workspaceRole: "owner" }), context()))).toEqual({
      code: "VALIDATION",
      detail: "must be one of manager, collaborator, viewer",
      pointer: "/data/attributes/workspace_role",
    });
  });

  it("offers Owner, Manager and Collaborator as project roles, never Viewer", () => {
    expect(rejection(() => decide([], toProject({ projectRole: "viewer" }), context()))).toEqual({
      code: "VALIDATION",
      detail: "must be one of owner, manager, collaborator",
      pointer: "/data/attributes/project_role",
    });
    expect(rejection(() => decide([], toProject({ projectRole: undefined }), context()))).toMatchObject({
      detail: "This field is required",
    });
  });

  it("refuses an email that is not one", () => {
    for (const toEmail of ["", "grace", "grace@example", "a b@example.com"]) {
      expect(rejection(() => decide([], toProject({ toEmail }), context()))).toEqual({
        code: "VALIDATION",
        detail: "Valid email is required",
        pointer: "/data/attributes/user_to_email",
      });
    }
  });

  it("lets project owners and managers invite, and workspace owners and managers to every project", () => {
    const allowed: ProjectAccess[] = [
      { workspaceRole: "collaborator", projectRole: "owner" },
      { workspaceRole: "viewer", projectRole: "manager" },
      { workspaceRole: "manager", projectRole: undefined },
      { workspaceRole: "owner", projectRole: undefined },
    ];
    for (const inviter of allowed) expect(decide([], toProject(), context({ inviter }))).toHaveLength(1);
    const refused: ProjectAccess[] = [
      { workspaceRole: "collaborator", projectRole: "collaborator" },
      { workspaceRole: "viewer", projectRole: "viewer" },
      { workspaceRole: "collaborator", projectRole: undefined },
    ];
    for (const inviter of refused) {
      expect(rejection(() => decide([], toProject(), context({ inviter })))).toEqual({
        code: "FORBIDDEN",
        detail: invitationMessages.mayNotInvite,
        pointer: undefined,
      });
    }
  });

  it("a manager may not invite an owner; an owner may", () => {
    const manager = { workspaceRole: "collaborator", projectRole: "manager" } as const;
    expect(rejection(() => decide([], toProject({ projectRole: "owner" }), context({ inviter: manager })))).toEqual({
      code: "FORBIDDEN",
      detail: "Your role does not allow giving the owner role",
      pointer: "/data/attributes/project_role",
    });
    const owner = { workspaceRole: "collaborator", projectRole: "owner" } as const;
    expect(decide([], toProject({ projectRole: "owner" }), context({ inviter: owner }))).toHaveLength(1);
  });

  it("invites to a workspace: owners and managers only, a role for it, and no project role", () => {
    const event = decide([], toWorkspace({ workspaceRole: "collaborator" }), context({ project: false }));
    expect(event).toEqual([
      sent({ invitableType: "Workspace", invitableId: workspaceId, workspaceRole: "collaborator", projectRole: null }),
    ]);
    const collaborator = { workspaceRole: "collaborator", projectRole: undefined } as const;
    expect(
      rejection(() => decide([], toWorkspace(), context({ project: false, inviter: collaborator }))),
    ).toMatchObject({
      code: "FORBIDDEN",
    });
  });

  it("refuses someone already a member, or already invited", () => {
    expect(
      rejection(() =>
        decide(
          [],
          toProject(),
          context({ invitee: { userId: inviteeId, workspaceRole: "viewer", projectRole: "viewer" } }),
        ),
      ),
    ).toEqual({
      code: "VALIDATION",
      detail: "is already a member of this project",
      pointer: "/data/attributes/user_to_email",
    });
    expect(
      rejection(() =>
        decide([], toWorkspace(), context({ project: false, invitee: { userId: inviteeId, workspaceRole: "viewer" } })),
      ),
    ).toMatchObject({ detail: "is already a member of this workspace" });
    expect(rejection(() => decide([], toProject(), context({ invitee: { alreadyInvited: true } })))).toMatchObject({
      detail: "has a pending invitation already",
    });
  });

  it("finds no workspace or project the inviter cannot see, nor a project the target does not name", () => {
    expect(rejection(() => decide([], toProject(), context({ hidden: true })))).toMatchObject({
      code: "NOT_FOUND",
      detail: "Project not found",
    });
    expect(rejection(() => decide([], toProject({ invitableId: strangerId }), context()))).toMatchObject({
      code: "NOT_FOUND",
    });
    expect(rejection(() => decide([], toWorkspace(), context({ hidden: true })))).toMatchObject({
      detail: "Workspace not found",
    });
  });

  it("is sent once", () => {
    expect(rejection(() => decide([sent()], toProject(), context()))).toMatchObject({ code: "ALREADY_EXISTS" });
  });
});

describe("answering an invitation", () => {
  const accept: InvitationCommand = { type: "AcceptInvitation" };
  const reject: InvitationCommand = { type: "RejectInvitation" };
  const asInvitee = (email: string | null = "GRACE@example.com") => context({ actorId: inviteeId, actorEmail: email });

  it("the invitee accepts, by email before the invitation knew their account, and it becomes active", () => {
    expect(decide([sent()], accept, asInvitee())).toEqual([
      { type: "InvitationAccepted", data: { invitationId, userId: inviteeId, at } },
    ]);
    const accepted = fold(invitationDecider, [sent(), ...decide([sent()], accept, asInvitee())]);
    expect(accepted).toMatchObject({ status: "active", invitation: { toUserId: inviteeId } });
  });

  it("the invitee rejects, and it becomes inactive", () => {
    const known = sent({ toUserId: inviteeId });
    expect(decide([known], reject, asInvitee(null))).toEqual([
      { type: "InvitationRejected", data: { invitationId, userId: inviteeId, at } },
    ]);
    expect(fold(invitationDecider, [known, ...decide([known], reject, asInvitee(null))])).toMatchObject({
      status: "inactive",
    });
  });

  it("nobody else can see it, the inviter included", () => {
    for (const given of [
      context({ actorId: strangerId, actorEmail: "someone@example.com" }),
      context({ actorId: inviterId, actorEmail: "boss@example.com" }),
    ]) {
      expect(rejection(() => decide([sent()], accept, given))).toEqual({
        code: "NOT_FOUND",
        detail: "Invitation not found",
        pointer: undefined,
      });
    }
    // Once it names an account, the email alone is not enough.
    const known = sent({ toUserId: inviteeId });
    expect(
      rejection(() => decide([known], accept, context({ actorId: strangerId, actorEmail: "grace@example.com" }))),
    ).toMatchObject({
      code: "NOT_FOUND",
    });
    expect(rejection(() => decide([], accept, asInvitee()))).toMatchObject({ code: "NOT_FOUND" });
  });

  it("the same answer again changes nothing; the other answer is refused", () => {
    const accepted: InvitationEvent = { type: "InvitationAccepted", data: { invitationId, userId: inviteeId, at } };
    expect(decide([sent(), accepted], accept, asInvitee(null))).toEqual([]);
    expect(rejection(() => decide([sent(), accepted], reject, asInvitee(null)))).toEqual({
      code: "VALIDATION",
      detail: "This invitation has already been answered",
      pointer: undefined,
    });
  });
});

describe("withdrawing an invitation", () => {
  const withdraw: InvitationCommand = { type: "WithdrawInvitation" };
  const withdrawn: InvitationEvent = {
    type: "InvitationWithdrawn",
    data: { invitationId, userId: inviterId, at },
  };

  it("whoever may invite to the project takes back a waiting invitation, and it becomes inactive for good", () => {
    for (const inviter of [
      { workspaceRole: "owner", projectRole: undefined },
      { workspaceRole: "manager", projectRole: undefined },
      { workspaceRole: "viewer", projectRole: "manager" },
    ] satisfies ProjectAccess[]) {
      expect(decide([sent()], withdraw, context({ inviter, actorId: strangerId }))).toEqual([
        { type: "InvitationWithdrawn", data: { invitationId, userId: strangerId, at } },
      ]);
    }
    expect(fold(invitationDecider, [sent(), withdrawn])).toMatchObject({ status: "inactive" });
    const asInvitee = context({ actorId: inviteeId, actorEmail: "grace@example.com" });
    expect(rejection(() => decide([sent(), withdrawn], { type: "AcceptInvitation" }, asInvitee))).toMatchObject({
      code: "VALIDATION",
      detail: invitationMessages.answered,
    });
  });

  it("is refused to those who may not invite there, and unknown to those who cannot see it", () => {
    const collaborator = context({ inviter: { workspaceRole: "collaborator", projectRole: "collaborator" } });
    expect(rejection(() => decide([sent()], withdraw, collaborator))).toEqual({
      code: "FORBIDDEN",
      detail: invitationMessages.mayNotWithdraw,
      pointer: undefined,
    });
    expect(rejection(() => decide([sent()], withdraw, context({ hidden: true })))).toMatchObject({
      code: "NOT_FOUND",
    });
    expect(rejection(() => decide([], withdraw, context()))).toMatchObject({ code: "NOT_FOUND" });
    // A workspace's standing read for another project does not reach this one.
    const elsewhere = {
      ...context(),
      target: {
        workspaceId,
        projectId: strangerId,
        inviter: { workspaceRole: "owner" as const, projectRole: undefined },
      },
    };
    expect(rejection(() => decide([sent()], withdraw, elsewhere))).toMatchObject({ code: "NOT_FOUND" });
  });

  it("takes back a workspace invitation only for the workspace's owner and managers", () => {
    const toTheWorkspace = sent({ invitableType: "Workspace", invitableId: workspaceId, projectRole: null });
    const asManager = context({ project: false, inviter: { workspaceRole: "manager", projectRole: undefined } });
    expect(decide([toTheWorkspace], withdraw, asManager)).toHaveLength(1);
    const asCollaborator = context({
      project: false,
      inviter: { workspaceRole: "collaborator", projectRole: undefined },
    });
    expect(rejection(() => decide([toTheWorkspace], withdraw, asCollaborator))).toMatchObject({ code: "FORBIDDEN" });
  });

  it("again changes nothing, nor does it after a rejection; an accepted one is a membership and stays", () => {
    expect(decide([sent(), withdrawn], withdraw, context())).toEqual([]);
    const rejected: InvitationEvent = { type: "InvitationRejected", data: { invitationId, userId: inviteeId, at } };
    expect(decide([sent(), rejected], withdraw, context())).toEqual([]);
    const accepted: InvitationEvent = { type: "InvitationAccepted", data: { invitationId, userId: inviteeId, at } };
    expect(rejection(() => decide([sent(), accepted], withdraw, context()))).toMatchObject({
      code: "VALIDATION",
      detail: invitationMessages.answered,
    });
  });
});
