import type { DomainEvent, DomainEventType } from "@hirestream/contracts/events.ts";
import { describe, expect, it } from "vitest";
import type { AnalyticsFact } from "./analytics-fact.ts";
import { emptyFactMemory, type FactMemory } from "./fact-memory.ts";
import { factsOf, namesAnotherWorkspace } from "./facts-of.ts";
import { at, everyEvent, ids } from "./testing/every-event.ts";

const stageName = (id: string) => (id === ids.stageA ? "A" : id === ids.stageB ? "B" : id);
/** A fact in a few words: what a reader checks. */
function summary(fact: AnalyticsFact): string {
  switch (fact.kind) {
    case "stage_entered":
      return `entered ${stageName(fact.stageId)}`;
    case "stage_left":
      return `left ${stageName(fact.stageId)} after ${(fact.at - fact.enteredAt) / 3_600_000} h`;
    case "step":
      return `step ${fact.step} ${fact.outcome}${fact.tracked ? " (tracked)" : ""}`;
    case "run":
      return `run ${fact.outcome} after ${(fact.at - fact.contactedAt) / 3_600_000} h`;
    case "activity":
      return `${fact.activity} by ${fact.userId === ids.user ? "Ann" : fact.userId}`;
  }
}

const replay = (memory: FactMemory, event: DomainEvent, actorId: string | null = ids.user, occurredAt = at) =>
  factsOf(memory, { event, actorId, occurredAt }).map(summary);

// Every event type, in the order of the fixture (a whole story: sign-up to opt-out), and what it adds.
const expected: Record<DomainEventType, string[]> = {
  UserSignedUp: [],
  UserPasswordChanged: [],
  UserPasswordResetRequested: [],
  UserProfileUpdated: [],
  UserProviderLinked: [],
  EmailReserved: [],
  WorkspaceCreated: [],
  WorkspaceRenamed: [],
  WorkspaceDescriptionChanged: [],
  WorkspaceVisibilityChanged: [],
  WorkspaceMemberAdded: [],
  WorkspaceMemberLeft: [],
  WorkspaceMemberRemoved: [],
  WorkspaceRemoved: [],
  PersonAdded: ["people_added by Ann"],
  PersonProfileChanged: [],
  PersonAddedToWorkspace: ["people_added by Ann"],
  ProjectCreated: ["projects_created by Ann"],
  ProjectUpdated: [],
  ProjectStatusChanged: [],
  ProjectArchived: [],
  ProjectRemoved: [],
  ProjectWorkflowAssigned: [],
  ProjectWorkflowUnassigned: [],
  ProjectMemberAdded: [],
  ProjectMemberRoleChanged: [],
  ProjectMemberRemoved: [],
  WorkflowCreated: [],
  WorkflowRenamed: [],
  WorkflowDescriptionChanged: [],
  WorkflowStagesChanged: [],
  WorkflowRemoved: [],
  CandidacyAdded: ["entered A", "candidates_added by Ann"],
  CandidacyMoved: ["left A after 24 h", "entered B", "candidates_moved by Ann"],
  CandidacyResponseSet: ["responses_set by Ann"],
  CandidacyRemoved: ["left B after 24 h", "candidates_removed by Ann"],
  InvitationSent: ["invitations_sent by Ann"],
  InvitationAccepted: [],
  InvitationRejected: [],
  InvitationWithdrawn: [],
  ProcessorStarted: [],
  PayloadEdited: ["payloads_edited by Ann"],
  PayloadMadeReady: ["payloads_made_ready by Ann"],
  PayloadApproved: ["payloads_sent by Ann"],
  StepScheduled: [],
  StepDrafted: [],
  StepSent: ["step 1 sent (tracked)", "run contacted after 0 h"],
  StepFailed: [],
  ReplyReceived: ["step 1 replied (tracked)", "run replied after 4 h"],
  AutoReplyReceived: [],
  StepBounced: ["step 1 bounced (tracked)"],
  MessageOpened: ["step 1 opened_by_person (tracked)"],
  ProcessorPaused: ["runs_paused by Ann"],
  ProcessorResumed: ["runs_resumed by Ann"],
  ProcessorStopped: [],
  ProcessorFinished: [],
  CredentialAdded: [],
  CredentialRenamed: [],
  CredentialAliasesChanged: [],
  CredentialLimitsChanged: [],
  CredentialTested: [],
  CredentialFailed: [],
  CredentialReconnected: [],
  CredentialRemoved: [],
  SequenceCreated: ["sequences_created by Ann"],
  SequenceEdited: ["sequences_edited by Ann"],
  SequenceRemoved: [],
  AddressOptedOut: ["step 1 opted_out (tracked)"],
  AddressOptOutCleared: ["opt_outs_cleared by Ann"],
};

const sent = (position: number, messageId: string, sentAt: string, tracked = true): DomainEvent => ({
  type: "StepSent",
  data: {
    ...everyEvent.StepSent.data,
    position,
    messageId,
    sentAt,
    message: { ...everyEvent.StepSent.data.message, ...(tracked ? {} : { tracked: undefined }) },
  },
});
const reply = (messageId: string, receivedAt: string, inReplyTo?: string): DomainEvent => {
  const { inReplyTo: _dropped, ...data } = everyEvent.ReplyReceived.data;
  return { type: "ReplyReceived", data: { ...data, messageId, receivedAt, ...(inReplyTo ? { inReplyTo } : {}) } };
};

function startedRun(): FactMemory {
  const memory = emptyFactMemory();
  replay(memory, everyEvent.ProcessorStarted);
  return memory;
}

describe("factsOf", () => {
  it("decides every event type: the facts each adds along one story", () => {
    const memory = emptyFactMemory();
    const got = Object.fromEntries(Object.entries(everyEvent).map(([type, event]) => [type, replay(memory, event)]));
    expect(got).toEqual(expected);
  });

  it("counts nothing as a member's doing when the system sent the command", () => {
    const memory = emptyFactMemory();
    expect(replay(memory, everyEvent.CandidacyAdded, null)).toEqual(["entered A"]);
    expect(replay(memory, everyEvent.PayloadApproved, null)).toEqual([]);
    const systemPause = { ...everyEvent.ProcessorPaused, data: { ...everyEvent.ProcessorPaused.data, by: null } };
    expect(replay(memory, systemPause)).toEqual([]);
  });

  it("dates a member's activity by the command, and a stage change by the candidacy's own time", () => {
    const memory = emptyFactMemory();
    const facts = factsOf(memory, {
      event: everyEvent.CandidacyAdded,
      actorId: ids.user,
      occurredAt: "2026-12-01T00:00:00.000Z",
    });
    expect(facts.map((fact) => [fact.kind, new Date(fact.at).toISOString()])).toEqual([
      ["stage_entered", at],
      ["activity", "2026-12-01T00:00:00.000Z"],
    ]);
  });

  it("starts no stay on a move after a removal, and a new one when the candidate is added again", () => {
    const memory = emptyFactMemory();
    replay(memory, everyEvent.CandidacyAdded);
    replay(memory, everyEvent.CandidacyRemoved);
    expect(replay(memory, everyEvent.CandidacyMoved, null)).toEqual([]);
    const readded = {
      ...everyEvent.CandidacyAdded,
      data: { ...everyEvent.CandidacyAdded.data, at: "2026-11-05T10:00:00.000Z" },
    };
    expect(replay(memory, readded, null)).toEqual(["entered A"]);
    expect(replay(memory, readded, null)).toEqual(["left A after 0 h", "entered A"]);
  });

  it("counts each outcome once per message, a retried step as a new message, and a run's first contact and reply once", () => {
    const memory = startedRun();
    expect(replay(memory, sent(1, "<m1>", "2026-11-02T10:00:00.000Z"))).toEqual([
      "step 1 sent (tracked)",
      "run contacted after 0 h",
    ]);
    expect(replay(memory, sent(1, "<m1>", "2026-11-02T10:00:00.000Z"))).toEqual([]);
    const open = (messageId: string, kind: "human" | "machine"): DomainEvent =>
      kind === "human"
        ? { type: "MessageOpened", data: { ...everyEvent.MessageOpened.data, messageId, kind } }
        : {
            type: "MessageOpened",
            data: { ...everyEvent.MessageOpened.data, messageId, kind, opener: "google_image_proxy" },
          };
    expect(replay(memory, open("<m1>", "machine"))).toEqual(["step 1 opened_by_machine (tracked)"]);
    expect(replay(memory, open("<m1>", "human"))).toEqual(["step 1 opened_by_person (tracked)"]);
    expect(replay(memory, open("<m1>", "human"))).toEqual([]);
    expect(replay(memory, sent(2, "<m2>", "2026-11-03T10:00:00.000Z", false))).toEqual(["step 2 sent"]);
    // A reply naming the first message counts on step 1; one naming nothing on the last message.
    expect(replay(memory, reply("<r1>", "2026-11-03T12:00:00.000Z", "<m1>"))).toEqual([
      "step 1 replied (tracked)",
      "run replied after 26 h",
    ]);
    expect(replay(memory, reply("<r2>", "2026-11-03T13:00:00.000Z"))).toEqual(["step 2 replied"]);
    expect(replay(memory, reply("<r3>", "2026-11-03T14:00:00.000Z", "<unknown>"))).toEqual([]);
    // Step 2 bounced, was sent again: the new message is a new send.
    const bounce: DomainEvent = { type: "StepBounced", data: { ...everyEvent.StepBounced.data, position: 2 } };
    expect(replay(memory, bounce)).toEqual(["step 2 bounced"]);
    expect(replay(memory, sent(2, "<m2b>", "2026-11-04T10:00:00.000Z"))).toEqual(["step 2 sent (tracked)"]);
    expect(replay(memory, everyEvent.AddressOptedOut)).toEqual(["step 2 opted_out (tracked)"]);
  });

  it("counts no outcome for a run it never saw start, nor an opt-out that names no run", () => {
    const memory = emptyFactMemory();
    expect(replay(memory, everyEvent.StepSent)).toEqual([]);
    expect(replay(memory, everyEvent.MessageOpened)).toEqual([]);
    const started = startedRun();
    expect(replay(started, everyEvent.AddressOptedOut)).toEqual([]);
    replay(started, everyEvent.StepSent);
    const anonymous = {
      ...everyEvent.AddressOptedOut,
      data: { ...everyEvent.AddressOptedOut.data, processorId: null },
    };
    expect(replay(started, anonymous)).toEqual([]);
    expect(replay(started, everyEvent.StepBounced)).toEqual(["step 1 bounced (tracked)"]);
  });

  it("remembers the names the export shows: projects, stage order, sequences and steps, members", () => {
    const memory = emptyFactMemory();
    for (const event of Object.values(everyEvent)) replay(memory, event);
    expect(memory.users.get(ids.user)).toEqual({ name: "Ann Lee-Smith", email: "ann@example.com" });
    expect(memory.workflows.get(ids.workflow)?.stages.map((stage) => stage.name)).toEqual(["Interview", "Sourced"]);
    expect(memory.sequences.get(ids.sequence)).toMatchObject({ name: "Outreach v2", removed: true });
    expect(memory.projects.get(ids.project)).toEqual({ status: "removed" });
  });
});

describe("namesAnotherWorkspace", () => {
  it("tells events of another workspace apart from this one's and from those naming none", () => {
    expect(namesAnotherWorkspace(everyEvent.CandidacyAdded.data, ids.workspace)).toBe(false);
    expect(namesAnotherWorkspace(everyEvent.CandidacyAdded.data, ids.other)).toBe(true);
    expect(namesAnotherWorkspace(everyEvent.UserSignedUp.data, ids.other)).toBe(false);
    expect(namesAnotherWorkspace(everyEvent.AddressOptedOut.data, ids.other)).toBe(false);
    expect(namesAnotherWorkspace(null, ids.other)).toBe(false);
  });
});
