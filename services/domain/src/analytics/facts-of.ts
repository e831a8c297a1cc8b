import type { DomainEvent } from "@hirestream/contracts/events.ts";
import { projectDecider } from "../project/project.decider.ts";
import { workspaceDecider } from "../workspace/workspace.decider.ts";
import type { AnalyticsFact, MemberActivity, StepOutcome } from "./analytics-fact.ts";
import type { FactMemory, RunMemory } from "./fact-memory.ts";

/** One event as the log holds it: who sent its command (null for the system) and when. */
export interface LoggedEvent {
  event: DomainEvent;
  actorId: string | null;
  occurredAt: string;
}

const time = (iso: string) => Date.parse(iso);

/**
 * Whether an event, by the workspace its data names, cannot concern `workspaceId`: a replay for
 * one workspace skips those before parsing them. Events naming no workspace (users, opt-outs) may.
 */
export function namesAnotherWorkspace(data: unknown, workspaceId: string): boolean {
  if (typeof data !== "object" || data === null || !("workspaceId" in data)) return false;
  const named = data.workspaceId;
  return typeof named === "string" && named !== workspaceId;
}

/**
 * The facts one event adds, in the order of the log, remembering in `memory` what later events of
 * other streams need (a candidacy's current stay, a run's messages, names). Every event type is
 * decided here, so a new one cannot slip past the figures unnoticed.
 */
export function factsOf(memory: FactMemory, logged: LoggedEvent): AnalyticsFact[] {
  const { event, actorId } = logged;
  const done = (activity: MemberActivity, workspaceId: string, projectId: string | null, at: number) =>
    actorId ? [{ kind: "activity" as const, activity, workspaceId, projectId, userId: actorId, at }] : [];
  const acted = time(logged.occurredAt);
  switch (event.type) {
    case "CandidacyAdded": {
      const { candidacyId, projectId, workspaceId, stageId } = event.data;
      const at = time(event.data.at);
      const facts = leave(memory, candidacyId, at);
      memory.candidacies.set(candidacyId, { workspaceId, projectId, stay: { stageId, since: at } });
      facts.push({ kind: "stage_entered", workspaceId, projectId, candidacyId, stageId, at });
      return [...facts, ...done("candidates_added", workspaceId, projectId, acted)];
    }
    case "CandidacyMoved": {
      const { candidacyId, projectId, workspaceId, toStageId } = event.data;
      const candidacy = memory.candidacies.get(candidacyId);
      // Only a candidate in the project moves: a stray move after a removal starts no stay.
      if (!candidacy?.stay) return done("candidates_moved", workspaceId, projectId, acted);
      const at = time(event.data.at);
      const facts = leave(memory, candidacyId, at);
      candidacy.stay = { stageId: toStageId, since: at };
      facts.push({ kind: "stage_entered", workspaceId, projectId, candidacyId, stageId: toStageId, at });
      return [...facts, ...done("candidates_moved", workspaceId, projectId, acted)];
    }
    case "CandidacyRemoved": {
      const { candidacyId, projectId, workspaceId } = event.data;
      return [
        ...leave(memory, candidacyId, time(event.data.at)),
        ...done("candidates_removed", workspaceId, projectId, acted),
      ];
    }
    case "CandidacyResponseSet":
      return done("responses_set", event.data.workspaceId, event.data.projectId, acted);

    case "ProcessorStarted": {
      const { processorId, workspaceId, projectId, sequenceId } = event.data;
      memory.runs.set(processorId, {
        workspaceId,
        projectId,
        sequenceId,
        messages: new Map(),
        lastMessageId: null,
        lastByStep: new Map(),
        contactedAt: null,
        replied: false,
      });
      return [];
    }
    case "StepSent": {
      const run = memory.runs.get(event.data.processorId);
      if (!run) return [];
      const { messageId, position: step } = event.data;
      const sentAt = time(event.data.sentAt);
      // A step reported sent twice (the same Message-ID) is one message.
      if (run.messages.has(messageId)) return [];
      run.messages.set(messageId, { step, sentAt, tracked: event.data.message.tracked === true, outcomes: new Set() });
      run.lastMessageId = messageId;
      run.lastByStep.set(step, messageId);
      const facts = outcome(run, event.data.processorId, messageId, "sent", sentAt);
      if (run.contactedAt === null) {
        run.contactedAt = sentAt;
        facts.push(runFact(run, event.data.processorId, "contacted", sentAt));
      }
      return facts;
    }
    case "MessageOpened": {
      const run = memory.runs.get(event.data.processorId);
      if (!run) return [];
      const kind = event.data.kind === "human" ? "opened_by_person" : "opened_by_machine";
      return outcome(run, event.data.processorId, event.data.messageId, kind, time(event.data.at));
    }
    case "ReplyReceived": {
      const run = memory.runs.get(event.data.processorId);
      if (!run) return [];
      const at = time(event.data.receivedAt);
      // The message it answers, else (a mail program that drops In-Reply-To) the last one sent.
      const answered =
        event.data.inReplyTo && run.messages.has(event.data.inReplyTo) ? event.data.inReplyTo : run.lastMessageId;
      const facts = answered ? outcome(run, event.data.processorId, answered, "replied", at) : [];
      if (!run.replied && run.contactedAt !== null) {
        run.replied = true;
        facts.push(runFact(run, event.data.processorId, "replied", at));
      }
      return facts;
    }
    case "StepBounced": {
      const run = memory.runs.get(event.data.processorId);
      const bounced = run?.lastByStep.get(event.data.position);
      if (!run || !bounced) return [];
      return outcome(run, event.data.processorId, bounced, "bounced", time(event.data.receivedAt));
    }
    case "AddressOptedOut": {
      // The run whose message carried the link (or got the reply) counts it, on its last message.
      const processorId = event.data.processorId;
      const run = processorId ? memory.runs.get(processorId) : undefined;
      if (!processorId || !run?.lastMessageId) return [];
      return outcome(run, processorId, run.lastMessageId, "opted_out", time(event.data.at));
    }
    case "PayloadEdited":
      return done("payloads_edited", event.data.workspaceId, event.data.projectId, acted);
    case "PayloadMadeReady":
      return done("payloads_made_ready", event.data.workspaceId, event.data.projectId, acted);
    case "PayloadApproved":
      return done("payloads_sent", event.data.workspaceId, event.data.projectId, acted);
    case "ProcessorPaused":
      // A pause by the system (a mailbox's sign-in refused) is nobody's doing.
      return event.data.by ? done("runs_paused", event.data.workspaceId, event.data.projectId, acted) : [];
    case "ProcessorResumed":
      return event.data.by ? done("runs_resumed", event.data.workspaceId, event.data.projectId, acted) : [];
    case "StepScheduled":
    case "StepDrafted":
    case "StepFailed":
    case "AutoReplyReceived":
    case "ProcessorStopped":
    case "ProcessorFinished":
      return [];

    case "PersonAdded":
      return event.data.workspaceId ? done("people_added", event.data.workspaceId, null, acted) : [];
    case "PersonAddedToWorkspace":
      return done("people_added", event.data.workspaceId, null, acted);
    case "PersonProfileChanged":
      return [];

    case "ProjectCreated":
    case "ProjectUpdated":
    case "ProjectStatusChanged":
    case "ProjectArchived":
    case "ProjectRemoved":
    case "ProjectWorkflowAssigned":
    case "ProjectWorkflowUnassigned":
    case "ProjectMemberAdded":
    case "ProjectMemberRoleChanged":
    case "ProjectMemberRemoved": {
      const { projectId } = event.data;
      const before = memory.projects.get(projectId) ?? projectDecider.initialState();
      memory.projects.set(projectId, projectDecider.evolve(before, event));
      return event.type === "ProjectCreated" ? done("projects_created", event.data.workspaceId, projectId, acted) : [];
    }

    case "WorkflowCreated":
      memory.workflows.set(event.data.workflowId, {
        projectId: event.data.projectId ?? null,
        stages: event.data.stages.map(({ id, name, position }) => ({ id, name, position })),
      });
      return [];
    case "WorkflowStagesChanged": {
      const workflow = memory.workflows.get(event.data.workflowId);
      if (workflow) workflow.stages = event.data.stages.map(({ id, name, position }) => ({ id, name, position }));
      return [];
    }
    case "WorkflowRenamed":
    case "WorkflowDescriptionChanged":
    case "WorkflowRemoved":
      return [];

    case "SequenceCreated":
    case "SequenceEdited": {
      const { sequenceId, workspaceId, name, steps } = event.data;
      memory.sequences.set(sequenceId, {
        workspaceId,
        name,
        steps: new Map(steps.map((step) => [step.position, step.name])),
        removed: false,
      });
      return done(
        event.type === "SequenceCreated" ? "sequences_created" : "sequences_edited",
        workspaceId,
        null,
        acted,
      );
    }
    case "SequenceRemoved": {
      const sequence = memory.sequences.get(event.data.sequenceId);
      if (sequence) sequence.removed = true;
      return [];
    }

    case "WorkspaceCreated":
    case "WorkspaceRenamed":
    case "WorkspaceDescriptionChanged":
    case "WorkspaceVisibilityChanged":
    case "WorkspaceMemberAdded":
    case "WorkspaceMemberLeft":
    case "WorkspaceMemberRemoved":
    case "WorkspaceRemoved": {
      const { workspaceId } = event.data;
      const before = memory.workspaces.get(workspaceId) ?? workspaceDecider.initialState();
      memory.workspaces.set(workspaceId, workspaceDecider.evolve(before, event));
      return [];
    }

    case "UserSignedUp": {
      const { userId, firstName, lastName, email } = event.data;
      memory.users.set(userId, { name: `${firstName} ${lastName}`.trim(), email });
      return [];
    }
    case "UserProfileUpdated": {
      const user = memory.users.get(event.data.userId);
      if (user) user.name = `${event.data.firstName} ${event.data.lastName}`.trim();
      return [];
    }
    case "UserPasswordChanged":
    case "UserPasswordResetRequested":
    case "UserProviderLinked":
    case "EmailReserved":
      return [];

    case "InvitationSent":
      return done("invitations_sent", event.data.workspaceId, null, acted);
    case "InvitationAccepted":
    case "InvitationRejected":
    case "InvitationWithdrawn":
      return [];

    case "AddressOptOutCleared":
      return done("opt_outs_cleared", event.data.workspaceId, null, acted);

    case "CredentialAdded":
    case "CredentialRenamed":
    case "CredentialAliasesChanged":
    case "CredentialLimitsChanged":
    case "CredentialTested":
    case "CredentialFailed":
    case "CredentialReconnected":
    case "CredentialRemoved":
      return [];

    default: {
      const never: never = event;
      return never;
    }
  }
}

/** Ends the candidacy's stay, if it is in one. */
function leave(memory: FactMemory, candidacyId: string, at: number): AnalyticsFact[] {
  const candidacy = memory.candidacies.get(candidacyId);
  if (!candidacy?.stay) return [];
  const { stageId, since } = candidacy.stay;
  candidacy.stay = null;
  const { workspaceId, projectId } = candidacy;
  return [{ kind: "stage_left", workspaceId, projectId, candidacyId, stageId, enteredAt: since, at }];
}

/** The outcome of one sent message, once. */
function outcome(
  run: RunMemory,
  processorId: string,
  messageId: string,
  what: StepOutcome,
  at: number,
): AnalyticsFact[] {
  const message = run.messages.get(messageId);
  if (!message || message.outcomes.has(what)) return [];
  message.outcomes.add(what);
  const { workspaceId, projectId, sequenceId } = run;
  const { step, tracked, sentAt } = message;
  return [{ kind: "step", outcome: what, workspaceId, projectId, sequenceId, processorId, step, tracked, sentAt, at }];
}

function runFact(run: RunMemory, processorId: string, what: "contacted" | "replied", at: number): AnalyticsFact {
  const { workspaceId, projectId, sequenceId } = run;
  return {
    kind: "run",
    outcome: what,
    workspaceId,
    projectId,
    sequenceId,
    processorId,
    contactedAt: run.contactedAt ?? at,
    at,
  };
}
