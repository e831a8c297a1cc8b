import type { WorkspaceEvent, WorkspaceRole } from "@hirestream/contracts/workspaces/events.ts";
import { describe, expect, it } from "vitest";
import { fold } from "../decider.ts";
import {
  as,
  collaboratorId,
  created,
  forbidden,
  leave,
  managerId,
  memberAdded,
  nonOwners,
  notFound,
  ownerId,
  rejection,
  remove,
  removed,
  renamed,
  strangerId,
  unauthenticated,
  update,
  viewerId,
  when,
  workspace,
  workspaceId,
} from "./testing/workspace-fixtures.ts";
import { WORKSPACE_NAME_MAX, type WorkspaceCommand, workspaceDecider } from "./workspace.decider.ts";

const described = (description: string): WorkspaceEvent => ({
  type: "WorkspaceDescriptionChanged",
  data: { workspaceId, description },
});
const madeVisible = (visible: boolean): WorkspaceEvent => ({
  type: "WorkspaceVisibilityChanged",
  data: { workspaceId, visible },
});
const alreadyExists = { code: "ALREADY_EXISTS", message: "A record with this id already exists", pointer: undefined };
const nameRequired = { code: "VALIDATION", message: "This field is required", pointer: "/data/attributes/name" };
const nameTooLong = {
  code: "VALIDATION",
  message: "is too long (maximum is 120 characters)",
  pointer: "/data/attributes/name",
};

const create = (data: { name: string; description?: string }): WorkspaceCommand => ({
  type: "CreateWorkspace",
  data: { workspaceId, ...data },
});

describe("CreateWorkspace", () => {
  it("creating a workspace makes it visible and the creator its owner", () => {
    expect(when([], create({ name: "Recruiting", description: "Hiring pipeline" }), as(ownerId))).toEqual([
      created,
      memberAdded(ownerId, "owner"),
    ]);
  });

  it("the name and description are trimmed", () => {
    expect(when([], create({ name: "  Recruiting\t", description: "  Hiring pipeline \n" }), as(ownerId))).toEqual([
      created,
      memberAdded(ownerId, "owner"),
    ]);
  });

  for (const [label, description] of [
    ["missing", undefined],
    ["empty", ""],
    ["blank", "   \t\n"],
  ] as const) {
    it(`a ${label} description becomes exactly 'New Workspace'`, () => {
      const command = create(description === undefined ? { name: "Recruiting" } : { name: "Recruiting", description });
      expect(when([], command, as(ownerId))).toEqual([
        {
          type: "WorkspaceCreated",
          data: { workspaceId, name: "Recruiting", description: "New Workspace", visible: true, ownerId },
        },
        memberAdded(ownerId, "owner"),
      ]);
    });
  }

  it("nobody may create a workspace without being signed in", () => {
    expect(rejection([], create({ name: "Recruiting" }), as(null))).toEqual(unauthenticated);
  });

  it("an empty actor id counts as not signed in", () => {
    expect(rejection([], create({ name: "Recruiting" }), as(""))).toEqual(unauthenticated);
  });

  for (const name of ["", " ", "   \t\n  "]) {
    it(`a blank name (${JSON.stringify(name)}) is required`, () => {
      expect(rejection([], create({ name }), as(ownerId))).toEqual(nameRequired);
    });
  }

  it("a name of exactly the maximum length is accepted", () => {
    const name = "n".repeat(WORKSPACE_NAME_MAX);
    expect(when([], create({ name, description: "d" }), as(ownerId))).toEqual([
      { type: "WorkspaceCreated", data: { workspaceId, name, description: "d", visible: true, ownerId } },
      memberAdded(ownerId, "owner"),
    ]);
  });

  it("surrounding spaces do not count towards the maximum length", () => {
    const name = "n".repeat(WORKSPACE_NAME_MAX);
    expect(when([], create({ name: `  ${name}  `, description: "d" }), as(ownerId))).toEqual([
      { type: "WorkspaceCreated", data: { workspaceId, name, description: "d", visible: true, ownerId } },
      memberAdded(ownerId, "owner"),
    ]);
  });

  it("a name one character over the maximum length is too long", () => {
    expect(WORKSPACE_NAME_MAX).toBe(120);
    expect(rejection([], create({ name: "n".repeat(WORKSPACE_NAME_MAX + 1) }), as(ownerId))).toEqual(nameTooLong);
  });

  it("a workspace that already exists may not be created again", () => {
    expect(rejection(workspace, create({ name: "Other" }), as(strangerId))).toEqual(alreadyExists);
  });

  it("a removed workspace's id may not be created again", () => {
    expect(rejection([...workspace, removed], create({ name: "Other" }), as(ownerId))).toEqual(alreadyExists);
  });
});

describe("UpdateWorkspace", () => {
  it("the owner renames the workspace", () => {
    expect(when(workspace, update({ name: "Sales" }), as(ownerId))).toEqual([renamed("Sales")]);
  });

  it("a new name is trimmed", () => {
    expect(when(workspace, update({ name: "  Sales  " }), as(ownerId))).toEqual([renamed("Sales")]);
  });

  it("renaming to the current name emits nothing, even with surrounding spaces", () => {
    expect(when(workspace, update({ name: " Recruiting " }), as(ownerId))).toEqual([]);
  });

  it("renaming to the name given by an earlier rename emits nothing", () => {
    expect(when([...workspace, renamed("Sales")], update({ name: "Sales" }), as(ownerId))).toEqual([]);
  });

  it("the owner changes the description", () => {
    expect(when(workspace, update({ description: " Engineering hires " }), as(ownerId))).toEqual([
      described("Engineering hires"),
    ]);
  });

  it("setting the current description emits nothing", () => {
    expect(when(workspace, update({ description: "Hiring pipeline" }), as(ownerId))).toEqual([]);
  });

  it("setting the description given by an earlier change emits nothing", () => {
    expect(
      when([...workspace, described("Engineering hires")], update({ description: "Engineering hires" }), as(ownerId)),
    ).toEqual([]);
  });

  it("the owner hides the workspace", () => {
    expect(when(workspace, update({ visible: false }), as(ownerId))).toEqual([madeVisible(false)]);
  });

  it("the owner shows a hidden workspace again", () => {
    expect(when([...workspace, madeVisible(false)], update({ visible: true }), as(ownerId))).toEqual([
      madeVisible(true),
    ]);
  });

  it("making a visible workspace visible emits nothing", () => {
    expect(when(workspace, update({ visible: true }), as(ownerId))).toEqual([]);
  });

  it("hiding a hidden workspace emits nothing", () => {
    expect(when([...workspace, madeVisible(false)], update({ visible: false }), as(ownerId))).toEqual([]);
  });

  it("changing everything at once emits one event per change, in order", () => {
    expect(when(workspace, update({ name: "Sales", description: "Deals", visible: false }), as(ownerId))).toEqual([
      renamed("Sales"),
      described("Deals"),
      madeVisible(false),
    ]);
  });

  it("only the fields that changed emit events", () => {
    expect(when(workspace, update({ name: "Recruiting", description: "Deals", visible: true }), as(ownerId))).toEqual([
      described("Deals"),
    ]);
  });

  it("an update naming no fields emits nothing", () => {
    expect(when(workspace, update({}), as(ownerId))).toEqual([]);
  });

  it("an update repeating every current value emits nothing", () => {
    expect(
      when(workspace, update({ name: "Recruiting", description: "Hiring pipeline", visible: true }), as(ownerId)),
    ).toEqual([]);
  });

  for (const name of ["", "   "]) {
    it(`the owner may not blank the name (${JSON.stringify(name)})`, () => {
      expect(rejection(workspace, update({ name }), as(ownerId))).toEqual(nameRequired);
    });
  }

  it("a blank name rejects the whole update, other changes included", () => {
    expect(rejection(workspace, update({ name: " ", description: "Deals", visible: false }), as(ownerId))).toEqual(
      nameRequired,
    );
  });

  it("the owner may not rename the workspace to a name over the maximum length", () => {
    expect(rejection(workspace, update({ name: "n".repeat(WORKSPACE_NAME_MAX + 1) }), as(ownerId))).toEqual(
      nameTooLong,
    );
  });

  for (const { role, userId } of nonOwners) {
    it(`a ${role} who is not the owner may not rename the workspace`, () => {
      expect(rejection(workspace, update({ name: "Sales" }), as(userId))).toEqual(forbidden);
    });

    it(`a ${role} may not change the description or visibility either`, () => {
      expect(rejection(workspace, update({ description: "Deals" }), as(userId))).toEqual(forbidden);
      expect(rejection(workspace, update({ visible: false }), as(userId))).toEqual(forbidden);
    });

    it(`a ${role} is told they are forbidden even when the update would change nothing`, () => {
      expect(rejection(workspace, update({}), as(userId))).toEqual(forbidden);
    });

    it(`a ${role} learns nothing about name validation`, () => {
      expect(rejection(workspace, update({ name: " " }), as(userId))).toEqual(forbidden);
    });
  }

  it("someone who is not a member cannot find the workspace to update", () => {
    expect(rejection(workspace, update({ name: "Sales" }), as(strangerId))).toEqual(notFound);
  });

  it("someone who is not a member learns nothing about name validation", () => {
    expect(rejection(workspace, update({ name: " " }), as(strangerId))).toEqual(notFound);
  });

  it("nobody may update a workspace without being signed in", () => {
    expect(rejection(workspace, update({ name: "Sales" }), as(null))).toEqual(unauthenticated);
  });
});

describe("RemoveWorkspace", () => {
  it("the owner removes the workspace", () => {
    expect(when(workspace, remove, as(ownerId))).toEqual([removed]);
  });

  for (const { role, userId } of nonOwners) {
    it(`a ${role} who is not the owner may not remove the workspace`, () => {
      expect(rejection(workspace, remove, as(userId))).toEqual(forbidden);
    });
  }

  it("someone who is not a member cannot find the workspace to remove", () => {
    expect(rejection(workspace, remove, as(strangerId))).toEqual(notFound);
  });

  it("nobody may remove a workspace without being signed in", () => {
    expect(rejection(workspace, remove, as(null))).toEqual(unauthenticated);
  });
});

describe("commands on a workspace that is not there", () => {
  const commands: WorkspaceCommand[] = [update({ name: "Sales" }), update({}), remove, leave];

  for (const command of commands) {
    for (const { role, userId } of [{ role: "owner", userId: ownerId }, ...nonOwners]) {
      it(`${command.type} by its former ${role} on a removed workspace is not found`, () => {
        expect(rejection([...workspace, removed], command, as(userId))).toEqual(notFound);
      });
    }

    it(`${command.type} on an unknown workspace is not found`, () => {
      expect(rejection([], command, as(ownerId))).toEqual(notFound);
    });

    it(`${command.type} on an unknown workspace is not found even without a session`, () => {
      expect(rejection([], command, as(null))).toEqual(notFound);
    });
  }

  it("events after a removal do not bring the workspace back", () => {
    const afterRemoval = [...workspace, removed, memberAdded(strangerId, "owner"), renamed("Back")];
    expect(fold(workspaceDecider, afterRemoval)).toEqual({ status: "removed" });
    expect(rejection(afterRemoval, update({ name: "Sales" }), as(strangerId))).toEqual(notFound);
  });

  it("events before the creation are ignored", () => {
    expect(fold(workspaceDecider, [memberAdded(strangerId, "owner"), renamed("Early")])).toEqual({
      status: "unknown",
    });
  });
});

describe("evolve", () => {
  it("the history builds the workspace with its members", () => {
    expect(fold(workspaceDecider, [...workspace, renamed("Sales"), described("Deals"), madeVisible(false)])).toEqual({
      status: "active",
      workspaceId,
      name: "Sales",
      description: "Deals",
      visible: false,
      ownerId,
      members: new Map<string, WorkspaceRole>([
        [ownerId, "owner"],
        [managerId, "manager"],
        [collaboratorId, "collaborator"],
        [viewerId, "viewer"],
      ]),
    });
  });

  it("events it does not know leave the workspace unchanged", () => {
    const foreign = {
      type: "UserSignedUp",
      data: {
        userId: strangerId,
        email: "x@example.com",
        passwordHash: "h",
        firstName: "",
        lastName: "",
        color: "red",
      },
    } as unknown as WorkspaceEvent;
    expect(fold(workspaceDecider, [...workspace, foreign])).toEqual(fold(workspaceDecider, workspace));
    expect(fold(workspaceDecider, [foreign])).toEqual({ status: "unknown" });
  });
});
