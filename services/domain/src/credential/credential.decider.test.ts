import { type CredentialEvent, credentialEvent } from "@hirestream/contracts/credentials/events.ts";
import { DEFAULT_DAILY_LIMIT, DEFAULT_MIN_GAP_SECONDS } from "@hirestream/contracts/credentials/limits.ts";
import { DomainError } from "@hirestream/contracts/errors.ts";
import type { WorkspaceRole } from "@hirestream/contracts/workspaces/events.ts";
import { describe, expect, it } from "vitest";
import { fold } from "../decider.ts";
import { type CredentialCommand, type CredentialContext, credentialDecider } from "./credential.decider.ts";

const credentialId = "7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d";
const workspaceId = "3f2a9c1d-8b4e-4f6a-9c2d-1e0f5a6b7c8d";
const otherWorkspaceId = "9f2a9c1d-8b4e-4f6a-9c2d-1e0f5a6b7c8d";
const actorId = "0b5d3f3e-6a1f-4c1e-9d7a-2f1c3b4a5e6f";
const now = new Date("2026-11-22T12:00:00Z");

const as = (role: WorkspaceRole | undefined, localMailbox = true): CredentialContext => ({
  now,
  actorId,
  workspaceRole: role,
  localMailbox,
});

const added: CredentialEvent = {
  type: "CredentialAdded",
  data: {
    credentialId,
    workspaceId,
    userId: actorId,
    providerType: "smtp",
    name: "Recruiting",
    email: "jobs@example.com",
    dailyLimit: 400,
    minGapSeconds: 60,
    hasImap: false,
  },
};

const add = (data: Partial<Extract<CredentialCommand, { type: "AddCredential" }>["data"]> = {}): CredentialCommand => ({
  type: "AddCredential",
  data: {
    credentialId,
    workspaceId,
    providerType: "smtp",
    name: " Recruiting ",
    email: "jobs@example.com",
    hasImap: false,
    ...data,
  },
});
const update = (data: Omit<Extract<CredentialCommand, { type: "UpdateCredential" }>["data"], "workspaceId">) =>
  ({ type: "UpdateCredential", data: { workspaceId, ...data } }) satisfies CredentialCommand;
const tested = (failure: string | null, inWorkspace = workspaceId): CredentialCommand => ({
  type: "RecordTestResult",
  data: { workspaceId: inWorkspace, failure },
});
const remove = (inWorkspace = workspaceId): CredentialCommand => ({
  type: "RemoveCredential",
  data: { workspaceId: inWorkspace },
});

function when(given: CredentialEvent[], command: CredentialCommand, context: CredentialContext): CredentialEvent[] {
  const events = credentialDecider.decide(fold(credentialDecider, given), command, context);
  for (const event of events) credentialEvent.parse(event);
  return events;
}

function rejection(given: CredentialEvent[], command: CredentialCommand, context: CredentialContext) {
  try {
    credentialDecider.decide(fold(credentialDecider, given), command, context);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return { code: error.code, message: error.message, pointer: error.pointer };
  }
  throw new Error(`expected ${command.type} to be rejected, but it was accepted`);
}

describe("adding a credential", () => {
  it("adds it with the default daily limit and gap, its name trimmed", () => {
    const [event] = when([], add(), as("owner"));
    expect(event).toEqual({
      type: "CredentialAdded",
      data: { ...added.data, dailyLimit: DEFAULT_DAILY_LIMIT, minGapSeconds: DEFAULT_MIN_GAP_SECONDS },
    });
  });

  it("keeps the limits asked for", () => {
    const [event] = when([], add({ dailyLimit: 50, minGapSeconds: 300 }), as("manager"));
    expect(event?.type === "CredentialAdded" && [event.data.dailyLimit, event.data.minGapSeconds]).toEqual([50, 300]);
  });

  it("is refused to collaborators and viewers (403), and to strangers as if the workspace did not exist (404)", () => {
    expect(rejection([], add(), as("collaborator")).code).toBe("FORBIDDEN");
    expect(rejection([], add(), as("viewer")).code).toBe("FORBIDDEN");
    expect(rejection([], add(), as(undefined)).code).toBe("NOT_FOUND");
  });

  it("refuses Google and Microsoft, which come from their sign-in", () => {
    const refused = rejection([], add({ providerType: "google_oauth2" }), as("owner"));
    expect(refused).toMatchObject({ code: "VALIDATION", pointer: "/data/attributes/provider_type" });
    expect(rejection([], add({ providerType: "microsoft_graph_auth" }), as("owner")).code).toBe("VALIDATION");
  });

  it("refuses the local mailbox when the server runs without it, and allows it otherwise", () => {
    expect(rejection([], add({ providerType: "local" }), as("owner", false)).code).toBe("VALIDATION");
    expect(when([], add({ providerType: "local" }), as("owner", true))).toHaveLength(1);
  });

  it("refuses an id that is taken", () => {
    expect(rejection([added], add(), as("owner")).code).toBe("ALREADY_EXISTS");
  });

  it("refuses a blank name", () => {
    expect(rejection([], add({ name: "  " }), as("owner"))).toMatchObject({ pointer: "/data/attributes/name" });
  });
});

describe("editing a credential", () => {
  it("changes the aliases, the name and the limits, each as its own event", () => {
    const events = when(
      [added],
      update({ aliases: ["a@example.com", "b@example.com"], name: "Sales", dailyLimit: 100 }),
      as("manager"),
    );
    expect(events.map((event) => event.type)).toEqual([
      "CredentialRenamed",
      "CredentialAliasesChanged",
      "CredentialLimitsChanged",
    ]);
    const state = fold(credentialDecider, [added, ...events]);
    expect(state.status === "active" && [state.aliases, state.name, state.dailyLimit, state.minGapSeconds]).toEqual([
      ["a@example.com", "b@example.com"],
      "Sales",
      100,
      60,
    ]);
  });

  it("changes nothing when nothing differs", () => {
    expect(when([added], update({ aliases: [], name: "Recruiting", dailyLimit: 400 }), as("owner"))).toEqual([]);
  });

  it("refuses a viewer before telling whether the credential exists", () => {
    expect(rejection([], update({ aliases: [] }), as("viewer")).code).toBe("FORBIDDEN");
  });

  it("does not know another workspace's credential, nor a removed one", () => {
    const elsewhere = { type: "UpdateCredential" as const, data: { workspaceId: otherWorkspaceId, aliases: [] } };
    expect(rejection([added], elsewhere, as("owner")).code).toBe("NOT_FOUND");
    const removed: CredentialEvent = { type: "CredentialRemoved", data: { credentialId, workspaceId } };
    expect(rejection([added, removed], update({ aliases: [] }), as("owner")).code).toBe("NOT_FOUND");
  });
});

describe("testing a credential", () => {
  it("marks it Tested when the mailbox took the sign-in, and Error with the server's words otherwise", () => {
    expect(when([added], tested(null), as("owner"))).toEqual([
      { type: "CredentialTested", data: { credentialId, workspaceId } },
    ]);
    const failed = when([added], tested("535 5.7.8\n  Authentication failed"), as("owner"));
    expect(failed).toEqual([
      { type: "CredentialFailed", data: { credentialId, workspaceId, failMessage: "535 5.7.8 Authentication failed" } },
    ]);
    const state = fold(credentialDecider, [added, ...failed]);
    expect(state.status === "active" && [state.health, state.failMessage]).toEqual([
      "Error",
      "535 5.7.8 Authentication failed",
    ]);
  });

  it("clears the failure once a later test passes", () => {
    const failed: CredentialEvent = {
      type: "CredentialFailed",
      data: { credentialId, workspaceId, failMessage: "refused" },
    };
    const events = when([added, failed], tested(null), as("owner"));
    const state = fold(credentialDecider, [added, failed, ...events]);
    expect(state.status === "active" && [state.health, state.failMessage]).toEqual(["Tested", null]);
  });

  it("appends nothing when the health is what it was", () => {
    const passed: CredentialEvent = { type: "CredentialTested", data: { credentialId, workspaceId } };
    expect(when([added, passed], tested(null), as("owner"))).toEqual([]);
  });

  it("is a manager's or owner's action", () => {
    expect(rejection([added], tested(null), as("collaborator")).code).toBe("FORBIDDEN");
  });
});

describe("a mailbox whose sign-in is refused while its mail is read", () => {
  const engine: CredentialContext = { now, actorId: null, workspaceRole: undefined, localMailbox: true };
  const readFailed = (failure: string): CredentialCommand => ({ type: "RecordReadFailure", data: { failure } });

  it("turns the credential to Error with the server's words, once for the same words", () => {
    const failed = when([added], readFailed("[AUTHENTICATIONFAILED]\n Authentication failed."), engine);
    expect(failed).toEqual([
      {
        type: "CredentialFailed",
        data: { credentialId, workspaceId, failMessage: "[AUTHENTICATIONFAILED] Authentication failed." },
      },
    ]);
    expect(when([added, ...failed], readFailed("[AUTHENTICATIONFAILED] Authentication failed."), engine)).toEqual([]);
  });

  it("is the engine's record alone, of a credential that exists", () => {
    expect(rejection([added], readFailed("refused"), as("owner")).code).toBe("FORBIDDEN");
    const removed: CredentialEvent = { type: "CredentialRemoved", data: { credentialId, workspaceId } };
    expect(rejection([added, removed], readFailed("refused"), engine).code).toBe("NOT_FOUND");
  });
});

describe("removing a credential", () => {
  it("removes it, after which it is unknown", () => {
    const events = when([added], remove(), as("owner"));
    expect(events).toEqual([{ type: "CredentialRemoved", data: { credentialId, workspaceId } }]);
    expect(rejection([added, ...events], remove(), as("owner")).code).toBe("NOT_FOUND");
  });

  it("refuses a viewer (403) and another workspace's (404)", () => {
    expect(rejection([added], remove(), as("viewer")).code).toBe("FORBIDDEN");
    expect(rejection([added], remove(otherWorkspaceId), as("owner")).code).toBe("NOT_FOUND");
  });
});

describe("connecting a Google or Microsoft mailbox", () => {
  const connect = (
    data: Partial<Extract<CredentialCommand, { type: "ConnectCredential" }>["data"]> = {},
  ): CredentialCommand => ({
    type: "ConnectCredential",
    data: {
      credentialId,
      workspaceId,
      providerType: "google_oauth2",
      name: "jobs@example.com",
      email: "jobs@example.com",
      ...data,
    },
  });
  const connected: CredentialEvent = {
    type: "CredentialAdded",
    data: { ...added.data, providerType: "google_oauth2", name: "jobs@example.com" },
  };
  const revoked = (failure = "Token has been expired or revoked."): CredentialCommand => ({
    type: "RecordGrantRevoked",
    data: { workspaceId, failure },
  });
  const reconnect = (inWorkspace = workspaceId): CredentialCommand => ({
    type: "ReconnectCredential",
    data: { workspaceId: inWorkspace },
  });

  it("adds it Pending with the default limits, by whoever signed in with it", () => {
    expect(when([], connect(), as("manager"))).toEqual([connected]);
    expect(when([], connect({ providerType: "microsoft_graph_auth" }), as("owner"))[0]).toMatchObject({
      data: { providerType: "microsoft_graph_auth" },
    });
  });

  it("is refused to collaborators (403) and strangers (404)", () => {
    expect(rejection([], connect(), as("collaborator")).code).toBe("FORBIDDEN");
    expect(rejection([], connect(), as(undefined)).code).toBe("NOT_FOUND");
  });

  it("turns Error into Pending on Reconnect, with the failure cleared, and leaves another health as it is", () => {
    const failed = when([connected], revoked(), { ...as("owner"), actorId: null });
    expect(failed).toEqual([
      {
        type: "CredentialFailed",
        data: { credentialId, workspaceId, failMessage: "Token has been expired or revoked." },
      },
    ]);
    const events = when([connected, ...failed], reconnect(), as("manager"));
    expect(events).toEqual([{ type: "CredentialReconnected", data: { credentialId, workspaceId, userId: actorId } }]);
    const state = fold(credentialDecider, [connected, ...failed, ...events]);
    expect(state.status === "active" && [state.health, state.failMessage]).toEqual(["Pending", null]);
    const passed: CredentialEvent = { type: "CredentialTested", data: { credentialId, workspaceId } };
    const stillTested = fold(credentialDecider, [connected, passed, ...events]);
    expect(stillTested.status === "active" && stillTested.health).toBe("Tested");
  });

  it("records a revoked sign-in once, for the credential's own workspace only", () => {
    const system = { ...as(undefined), actorId: null };
    const failed = when([connected], revoked(), system);
    expect(when([connected, ...failed], revoked(), system)).toEqual([]);
    expect(
      rejection(
        [connected],
        { type: "RecordGrantRevoked", data: { workspaceId: otherWorkspaceId, failure: "x" } },
        system,
      ).code,
    ).toBe("NOT_FOUND");
  });

  it("reconnects only Google and Microsoft mailboxes a manager may manage", () => {
    expect(rejection([added], reconnect(), as("owner")).code).toBe("VALIDATION");
    expect(rejection([connected], reconnect(), as("collaborator")).code).toBe("FORBIDDEN");
    expect(rejection([connected], reconnect(otherWorkspaceId), as("owner")).code).toBe("NOT_FOUND");
  });
});
