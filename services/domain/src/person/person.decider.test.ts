import { DomainError } from "@hirestream/contracts/errors.ts";
import type { PersonEvent } from "@hirestream/contracts/people/events.ts";
import { emptyProfile, type PersonProfile } from "@hirestream/contracts/people/profile.ts";
import type { WorkspaceRole } from "@hirestream/contracts/workspaces/events.ts";
import { describe, expect, it } from "vitest";
import { fold } from "../decider.ts";
import { type PersonCommand, type PersonContext, personDecider } from "./person.decider.ts";

const personId = "7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d";
const ownerId = "0b5d3f3e-6a1f-4c1e-9d7a-2f1c3b4a5e6f";
const otherId = "1c6e4f4f-7b2a-4d2f-8e8b-3a2d4c5b6f70";
const workspaceId = "3f2a9c1d-8b4e-4f6a-9c2d-1e0f5a6b7c8d";
const otherWorkspaceId = "4e8a6b6b-9d4c-4f4b-b0ad-5c4f6e7d8b92";
const now = new Date("2026-11-22T12:00:00Z");

function as(actorId: string | null, roles: Record<string, WorkspaceRole> = {}): PersonContext {
  return { now, actorId, workspaceRoles: new Map(Object.entries(roles)) };
}

const profile = (fields: Partial<PersonProfile> = {}): PersonProfile => ({
  ...emptyProfile(),
  first_name: "Maya",
  last_name: "Okafor",
  email: "maya@example.com",
  ...fields,
});

const added = (workspace: string | null = null): PersonEvent => ({
  type: "PersonAdded",
  data: { personId, ownerId, profile: profile(), workspaceId: workspace, source: "manual" },
});

function decide(history: PersonEvent[], command: PersonCommand, context: PersonContext) {
  return personDecider.decide(fold(personDecider, history), command, context);
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

const add = (workspace: string | null = null, fields: Partial<PersonProfile> = {}): PersonCommand => ({
  type: "AddPerson",
  data: { personId, profile: profile(fields), workspaceId: workspace, source: "import" },
});

describe("AddPerson", () => {
  it("puts the person in the adder's talent pool", () => {
    expect(decide([], add(), as(ownerId))).toEqual([
      { type: "PersonAdded", data: { personId, ownerId, profile: profile(), workspaceId: null, source: "import" } },
    ]);
  });

  it("stores text trimmed and blank text as none", () => {
    const [event] = decide([], add(null, { first_name: "  Maya ", company: "   ", title: "" }), as(ownerId));
    expect(event?.type === "PersonAdded" && event.data.profile).toMatchObject({
      first_name: "Maya",
      company: null,
      title: null,
    });
  });

  it.each([
    ["owner", "accepted"],
    ["manager", "accepted"],
    ["collaborator", "accepted"],
    ["viewer", "FORBIDDEN"],
  ] as const)("into a workspace: %s → %s", (role, outcome) => {
    expect(refusal(() => decide([], add(workspaceId), as(ownerId, { [workspaceId]: role })))).toBe(outcome);
  });

  it("into a workspace the adder is not in: not found", () => {
    expect(refusal(() => decide([], add(workspaceId), as(ownerId)))).toBe("NOT_FOUND");
  });

  it("twice: already exists, which an import counts as an existing person", () => {
    expect(refusal(() => decide([added()], add(), as(ownerId)))).toBe("ALREADY_EXISTS");
  });

  it("without a session: refused", () => {
    expect(refusal(() => decide([], add(), as(null)))).toBe("UNAUTHENTICATED");
  });
});

describe("UpdatePerson", () => {
  const update = (changes: Partial<PersonProfile>): PersonCommand => ({ type: "UpdatePerson", data: { changes } });

  it("records only the fields that changed", () => {
    expect(decide([added()], update({ first_name: "Maya", title: "Data Engineer" }), as(ownerId))).toEqual([
      { type: "PersonProfileChanged", data: { personId, changes: { title: "Data Engineer" } } },
    ]);
  });

  it("appends nothing when nothing changed", () => {
    expect(decide([added()], update({ first_name: " Maya " }), as(ownerId))).toEqual([]);
  });

  it("replaces lists whole", () => {
    const experience = [{ company: "Northwind", title: "Engineer", jobs: [{ title: "Lead" }] }];
    const history = [added()];
    const events = decide(history, update({ experience }), as(ownerId));
    expect(events).toEqual([{ type: "PersonProfileChanged", data: { personId, changes: { experience } } }]);
    expect(fold(personDecider, [...history, ...events])).toMatchObject({ profile: { experience } });
  });

  it.each([
    ["owner", "accepted"],
    ["manager", "accepted"],
    ["collaborator", "accepted"],
    ["viewer", "FORBIDDEN"],
  ] as const)("by a workspace %s of a workspace the person is in → %s", (role, outcome) => {
    const run = () => decide([added(workspaceId)], update({ title: "CTO" }), as(otherId, { [workspaceId]: role }));
    expect(refusal(run)).toBe(outcome);
  });

  it("by someone who cannot see the person: not found, never forbidden", () => {
    expect(refusal(() => decide([added()], update({ title: "CTO" }), as(otherId)))).toBe("NOT_FOUND");
    const inAnotherWorkspace = as(otherId, { [otherWorkspaceId]: "owner" });
    expect(refusal(() => decide([added(workspaceId)], update({ title: "CTO" }), inAnotherWorkspace))).toBe("NOT_FOUND");
  });

  it("of a person that does not exist: not found", () => {
    expect(refusal(() => decide([], update({ title: "CTO" }), as(ownerId)))).toBe("NOT_FOUND");
  });
});

describe("AddPersonToWorkspace", () => {
  const toWorkspace = (id: string): PersonCommand => ({ type: "AddPersonToWorkspace", data: { workspaceId: id } });

  it("adds once; a second time appends nothing", () => {
    const events = decide([added()], toWorkspace(workspaceId), as(ownerId, { [workspaceId]: "collaborator" }));
    expect(events).toEqual([{ type: "PersonAddedToWorkspace", data: { personId, workspaceId } }]);
    expect(decide([added(), ...events], toWorkspace(workspaceId), as(ownerId, { [workspaceId]: "owner" }))).toEqual([]);
  });

  it("needs a role that may add people in the target workspace", () => {
    expect(refusal(() => decide([added()], toWorkspace(workspaceId), as(ownerId, { [workspaceId]: "viewer" })))).toBe(
      "FORBIDDEN",
    );
    expect(refusal(() => decide([added()], toWorkspace(workspaceId), as(ownerId)))).toBe("NOT_FOUND");
  });

  it("lets a workspace member who sees the person share it into another of their workspaces", () => {
    const context = as(otherId, { [workspaceId]: "viewer", [otherWorkspaceId]: "manager" });
    expect(decide([added(workspaceId)], toWorkspace(otherWorkspaceId), context)).toEqual([
      { type: "PersonAddedToWorkspace", data: { personId, workspaceId: otherWorkspaceId } },
    ]);
  });
});
