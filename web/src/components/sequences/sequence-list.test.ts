import type { WorkspaceRole } from "@hirestream/contracts/workspaces/events.ts";
import { describe, expect, it } from "vitest";
import { authorId, credential, otherUserId, sequence, step } from "./sequence-fixtures.ts";
import {
  canCreateSequences,
  credentialLinkLabel,
  mayManageSequence,
  sequenceActions,
  sequenceSummary,
  sequencesScreenReady,
  sortSequences,
} from "./sequence-list.ts";

const gmail = credential("c1000000-0000-4000-8000-000000000001", "Recruiting Gmail");
const smtp = credential("c2000000-0000-4000-8000-000000000002", "Agency SMTP");
const gone = "c9000000-0000-4000-8000-000000000009";
const held = new Map([gmail, smtp].map((row) => [row.id, row]));

describe("sequenceSummary", () => {
  it("counts the steps and the distinct credentials they send from, named and sorted", () => {
    const summary = sequenceSummary(
      sequence({ steps: [step(1, gmail.id), step(2, smtp.id), step(3, gmail.id)] }),
      held,
    );
    expect(summary).toEqual({
      steps: 3,
      providerNames: ["Agency SMTP", "Recruiting Gmail"],
      emptyProviders: 0,
      variableNames: [],
    });
  });

  it("counts a step with no credential as an empty provider", () => {
    const summary = sequenceSummary(sequence({ steps: [step(1, gmail.id), step(2, null)] }), held);
    expect(summary.emptyProviders).toBe(1);
    expect(summary.providerNames).toEqual(["Recruiting Gmail"]);
  });

  it("counts a step whose credential the workspace no longer holds as an empty provider, unnamed", () => {
    const summary = sequenceSummary(sequence({ steps: [step(1, gone), step(2, gone)] }), held);
    expect(summary.emptyProviders).toBe(2);
    expect(summary.providerNames).toEqual([]);
  });

  it("names the variables in use", () => {
    const summary = sequenceSummary(
      sequence({
        payload_fields: {
          defaults: [
            { name: "first_name", used: true },
            { name: "title", used: false },
          ],
          customs: [{ name: "pitch", type: "Text area", used: true }],
        },
      }),
      held,
    );
    expect(summary.variableNames).toEqual(["first_name", "pitch"]);
  });
});

describe("who may do what", () => {
  const mine = sequence({ user_id: authorId });
  const theirs = sequence({ user_id: otherUserId });
  const viewer = (role: WorkspaceRole | null) => ({ role, userId: authorId });

  it("lets owners, managers and collaborators create sequences, and no viewer or stranger", () => {
    expect(["owner", "manager", "collaborator"].every((role) => canCreateSequences(role as WorkspaceRole))).toBe(true);
    expect(canCreateSequences("viewer")).toBe(false);
    expect(canCreateSequences(null)).toBe(false);
  });

  it("lets owners and managers manage every sequence, and a collaborator only their own", () => {
    expect(mayManageSequence(theirs, viewer("owner"))).toBe(true);
    expect(mayManageSequence(theirs, viewer("manager"))).toBe(true);
    expect(mayManageSequence(mine, viewer("collaborator"))).toBe(true);
    expect(mayManageSequence(theirs, viewer("collaborator"))).toBe(false);
    expect(mayManageSequence(mine, viewer("viewer"))).toBe(false);
    expect(mayManageSequence(mine, viewer(null))).toBe(false);
  });

  it("offers Edit, Remove and Test to who manages the sequence, Test alone to another collaborator, nothing to a viewer", () => {
    expect(sequenceActions(theirs, viewer("manager"))).toEqual(["edit", "remove", "test"]);
    expect(sequenceActions(mine, viewer("collaborator"))).toEqual(["edit", "remove", "test"]);
    expect(sequenceActions(theirs, viewer("collaborator"))).toEqual(["test"]);
    expect(sequenceActions(mine, viewer("viewer"))).toEqual([]);
  });
});

it("sorts sequences by name in natural order", () => {
  const names = ["Step 10 flow", "alpha", "Step 2 flow", "Beta"].map((name) => ({ name }));
  expect(sortSequences(names).map((row) => row.name)).toEqual(["alpha", "Beta", "Step 2 flow", "Step 10 flow"]);
});

it("labels the Integrations link New Credential until the workspace has a credential", () => {
  expect(credentialLinkLabel(0)).toBe("New Credential");
  expect(credentialLinkLabel(1)).toBe("Add New Credentials");
  expect(credentialLinkLabel(3)).toBe("Add New Credentials");
});

describe("sequencesScreenReady", () => {
  const held = { workspaceHeld: true, sequences: 2, credentials: 1 };

  it("waits for the first sync while any table it shows is empty, so that no empty state shows too early", () => {
    expect(sequencesScreenReady({ ...held, synced: false, sequences: 0 })).toBe(false);
    expect(sequencesScreenReady({ ...held, synced: false, credentials: 0 })).toBe(false);
    expect(sequencesScreenReady({ ...held, synced: undefined, workspaceHeld: false })).toBe(false);
  });

  it("shows what is held before the first sync when nothing is missing", () => {
    expect(sequencesScreenReady({ ...held, synced: false })).toBe(true);
  });

  it("shows the empty state once synced", () => {
    expect(sequencesScreenReady({ synced: true, workspaceHeld: true, sequences: 0, credentials: 0 })).toBe(true);
  });
});
