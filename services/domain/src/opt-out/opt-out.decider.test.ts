import { DomainError } from "@hirestream/contracts/errors.ts";
import { optOutIdOf } from "@hirestream/contracts/opt-outs/address.ts";
import type { OptOutEvent } from "@hirestream/contracts/opt-outs/events.ts";
import type { WorkspaceRole } from "@hirestream/contracts/workspaces/events.ts";
import { describe, expect, it } from "vitest";
import { fold } from "../decider.ts";
import { mayMail, type OptOutCommand, type OptOutContext, optOutDecider } from "./opt-out.decider.ts";

const workspace = "3f2a9c1d-8b4e-4f6a-9c2d-1e0f5a6b7c8d";
const otherWorkspace = "4e8a6b6b-9d4c-4f4b-b0ad-5c4f6e7d8b92";
const person = "7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d";
const member = "0b5d3f3e-6a1f-4c1e-9d7a-2f1c3b4a5e6f";
const processor = "1c6e4f4f-7b2a-4d2f-8e8b-3a2d4c5b6f70";
const now = new Date("2026-11-26T02:00:00Z");
const address = "ada@example.com";

const system: OptOutContext = { now, actorId: null, workspaceRole: undefined };
const as = (role: WorkspaceRole | undefined): OptOutContext => ({ now, actorId: member, workspaceRole: role });

const optedOut = (at = "2026-11-25T10:00:00.000Z"): OptOutEvent => ({
  type: "AddressOptedOut",
  data: { optOutId: optOutIdOf(address), address, source: "link", processorId: processor, personIds: [person], at },
});
const cleared = (workspaceId = workspace): OptOutEvent => ({
  type: "AddressOptOutCleared",
  data: {
    optOutId: optOutIdOf(address),
    address,
    workspaceId,
    personId: person,
    by: member,
    at: "2026-11-25T11:00:00.000Z",
  },
});

const optOut = (given = "Ada@Example.COM"): OptOutCommand => ({
  type: "OptOut",
  data: { address: given, source: "one_click", processorId: processor, personIds: [person, person] },
});
const clear = (workspaceId = workspace): OptOutCommand => ({
  type: "ClearOptOut",
  data: { address: "ADA@example.com", workspaceId, personId: person },
});

function decide(history: OptOutEvent[], command: OptOutCommand, context: OptOutContext) {
  return optOutDecider.decide(fold(optOutDecider, history), command, context);
}

function refusal(run: () => unknown): { code: string; message: string } {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("opting out", () => {
  it("records the address in lower case, once per person, under the address's own id", () => {
    expect(decide([], optOut(), system)).toEqual([
      {
        type: "AddressOptedOut",
        data: {
          optOutId: optOutIdOf(address),
          address,
          source: "one_click",
          processorId: processor,
          personIds: [person],
          at: now.toISOString(),
        },
      },
    ]);
  });

  it("gives the same id to an address in any case", () => {
    expect(optOutIdOf("ADA@EXAMPLE.COM ")).toBe(optOutIdOf(address));
  });

  it("records nothing more when the address already opted out and no workspace cleared it", () => {
    expect(decide([optedOut()], optOut(), system)).toEqual([]);
  });

  it("counts again after a workspace cleared it, and forgets the clearances", () => {
    const events = decide([optedOut(), cleared()], optOut(), system);
    expect(events.map((event) => event.type)).toEqual(["AddressOptedOut"]);
    const state = fold(optOutDecider, [optedOut(), cleared(), ...events]);
    expect(mayMail(state, workspace)).toBe(false);
  });
});

describe("who may be mailed", () => {
  it("any workspace, while the address never opted out", () => {
    expect(mayMail(fold(optOutDecider, []), workspace)).toBe(true);
  });

  it("no workspace once it opted out", () => {
    const state = fold(optOutDecider, [optedOut()]);
    expect(mayMail(state, workspace)).toBe(false);
    expect(mayMail(state, otherWorkspace)).toBe(false);
  });

  it("only the workspace that cleared it", () => {
    const state = fold(optOutDecider, [optedOut(), cleared()]);
    expect(mayMail(state, workspace)).toBe(true);
    expect(mayMail(state, otherWorkspace)).toBe(false);
  });
});

describe("clearing", () => {
  it("clears it for the member's workspace alone", () => {
    expect(decide([optedOut()], clear(), as("collaborator"))).toEqual([
      {
        type: "AddressOptOutCleared",
        data: {
          optOutId: optOutIdOf(address),
          address,
          workspaceId: workspace,
          personId: person,
          by: member,
          at: now.toISOString(),
        },
      },
    ]);
  });

  it.each(["owner", "manager", "collaborator"] as const)("is open to a workspace's %s", (role) => {
    expect(decide([optedOut()], clear(), as(role))).toHaveLength(1);
  });

  it("is refused to a viewer, who changes nothing", () => {
    expect(refusal(() => decide([optedOut()], clear(), as("viewer"))).code).toBe("FORBIDDEN");
  });

  it("is not found for someone outside the workspace, revealing nothing", () => {
    expect(refusal(() => decide([optedOut()], clear(), as(undefined))).code).toBe("NOT_FOUND");
    expect(refusal(() => decide([optedOut()], clear(), system)).code).toBe("NOT_FOUND");
  });

  it("is not found for an address that never opted out", () => {
    expect(refusal(() => decide([], clear(), as("owner")))).toEqual({
      code: "NOT_FOUND",
      message: "This address has not opted out",
    });
  });

  it("records nothing when the workspace cleared it already", () => {
    expect(decide([optedOut(), cleared()], clear(), as("owner"))).toEqual([]);
  });

  it("clears a second workspace beside the first", () => {
    const events = decide([optedOut(), cleared()], clear(otherWorkspace), as("manager"));
    const state = fold(optOutDecider, [optedOut(), cleared(), ...events]);
    expect(mayMail(state, workspace)).toBe(true);
    expect(mayMail(state, otherWorkspace)).toBe(true);
  });
});
