import type { DomainEvent, DomainEventType } from "@hirestream/contracts/events.ts";
import { emptyProfile } from "@hirestream/contracts/people/profile.ts";

// One event of every type the system appends, all about one workspace, project, candidacy and run,
// for tests that must decide something for each type. The mapped type makes a new event type a
// compile error here until it is given an example.

export const ids = {
  workspace: "3f2a9c1d-8b4e-4f6a-9c2d-1e0f5a6b7c8d",
  project: "7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d",
  candidacy: "c0000000-0000-4000-8000-000000000001",
  person: "2a1b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d",
  processor: "d0000000-0000-4000-8000-000000000001",
  sequence: "5e000000-0000-4000-8000-000000000001",
  workflow: "f0000000-0000-4000-8000-000000000001",
  template: "f0000000-0000-4000-8000-000000000002",
  user: "a0000000-0000-4000-8000-000000000001",
  other: "a0000000-0000-4000-8000-000000000002",
  credential: "cc000000-0000-4000-8000-000000000001",
  invitation: "1a000000-0000-4000-8000-000000000001",
  optOut: "0b000000-0000-4000-8000-000000000001",
  stageA: "e0000000-0000-4000-8000-000000000001",
  stageB: "e0000000-0000-4000-8000-000000000002",
  step: "57000000-0000-4000-8000-000000000001",
} as const;

export const at = "2026-11-02T10:00:00.000Z";
const run = { processorId: ids.processor, projectId: ids.project, workspaceId: ids.workspace };
const message = { from: "me@example.com", to: "ada@example.com", subject: "Hello", html: "<p>Hi</p>", references: [] };
const inbound = { ...run, messageId: "<reply@example.com>", from: "ada@example.com", to: "me@example.com" };
const stages = [
  {
    id: ids.stageA,
    name: "Sourced",
    position: 0,
    description: "",
    sequenceId: ids.sequence,
    onResponseStageId: null,
    onResponseStagePosition: null,
  },
  {
    id: ids.stageB,
    name: "Interview",
    position: 1,
    description: "",
    sequenceId: null,
    onResponseStageId: null,
    onResponseStagePosition: null,
  },
];
const sequence = {
  sequenceId: ids.sequence,
  workspaceId: ids.workspace,
  name: "Outreach",
  description: "",
  hasReview: false,
  hasWrite: false,
  allowSendWeekend: false,
  allowSendHoliday: false,
  holidayCountry: "US",
  timezone: "UTC",
  payloadFields: { defaults: [], customs: [] },
  steps: [
    {
      id: ids.step,
      position: 1,
      name: "First touch",
      delay: 0,
      templateSubject: "Hello",
      templateBody: "Hi",
      providerId: null,
      from: null,
      hasProviderSignature: false,
      workdayStart: "09:00",
      workdayEnd: "17:00",
      defaultFields: [],
      customFields: [],
    },
  ],
};
const settings = {
  name: "Backend hire",
  description: null,
  priority: "High" as const,
  startDate: null,
  deadline: null,
  visible: true,
  workflowId: null,
};

type EveryEvent = { [T in DomainEventType]: Extract<DomainEvent, { type: T }> };

export const everyEvent: EveryEvent = {
  UserSignedUp: {
    type: "UserSignedUp",
    data: {
      userId: ids.user,
      email: "ann@example.com",
      passwordHash: "x",
      firstName: "Ann",
      lastName: "Lee",
      color: "blue",
    },
  },
  UserPasswordChanged: { type: "UserPasswordChanged", data: { userId: ids.user, passwordHash: "y" } },
  UserPasswordResetRequested: {
    type: "UserPasswordResetRequested",
    data: { userId: ids.user, tokenHash: "t", expiresAt: at },
  },
  UserProfileUpdated: {
    type: "UserProfileUpdated",
    data: { userId: ids.user, firstName: "Ann", lastName: "Lee-Smith", color: "blue", picture: null },
  },
  UserProviderLinked: {
    type: "UserProviderLinked",
    data: {
      userId: ids.user,
      provider: "google_oauth2",
      issuer: "https://accounts.google.com",
      subject: "1",
      email: "ann@example.com",
    },
  },
  EmailReserved: { type: "EmailReserved", data: { email: "ann@example.com", userId: ids.user } },
  WorkspaceCreated: {
    type: "WorkspaceCreated",
    data: { workspaceId: ids.workspace, name: "Acme", description: "", visible: true, ownerId: ids.user },
  },
  WorkspaceRenamed: { type: "WorkspaceRenamed", data: { workspaceId: ids.workspace, name: "Acme Inc" } },
  WorkspaceDescriptionChanged: {
    type: "WorkspaceDescriptionChanged",
    data: { workspaceId: ids.workspace, description: "d" },
  },
  WorkspaceVisibilityChanged: {
    type: "WorkspaceVisibilityChanged",
    data: { workspaceId: ids.workspace, visible: false },
  },
  WorkspaceMemberAdded: {
    type: "WorkspaceMemberAdded",
    data: { workspaceId: ids.workspace, userId: ids.other, role: "viewer" },
  },
  WorkspaceMemberLeft: { type: "WorkspaceMemberLeft", data: { workspaceId: ids.workspace, userId: ids.other } },
  WorkspaceMemberRemoved: { type: "WorkspaceMemberRemoved", data: { workspaceId: ids.workspace, userId: ids.other } },
  WorkspaceRemoved: { type: "WorkspaceRemoved", data: { workspaceId: ids.workspace } },
  PersonAdded: {
    type: "PersonAdded",
    data: {
      personId: ids.person,
      ownerId: ids.user,
      profile: emptyProfile(),
      workspaceId: ids.workspace,
      source: "manual",
    },
  },
  PersonProfileChanged: { type: "PersonProfileChanged", data: { personId: ids.person, changes: {} } },
  PersonAddedToWorkspace: {
    type: "PersonAddedToWorkspace",
    data: { personId: ids.person, workspaceId: ids.workspace },
  },
  ProjectCreated: {
    type: "ProjectCreated",
    data: { ...settings, projectId: ids.project, workspaceId: ids.workspace, userId: ids.user, status: "Active" },
  },
  ProjectUpdated: {
    type: "ProjectUpdated",
    data: { projectId: ids.project, workspaceId: ids.workspace, changes: { name: "Backend hires" } },
  },
  ProjectStatusChanged: {
    type: "ProjectStatusChanged",
    data: { projectId: ids.project, workspaceId: ids.workspace, status: "Inactive" },
  },
  ProjectArchived: { type: "ProjectArchived", data: { projectId: ids.project, workspaceId: ids.workspace } },
  ProjectRemoved: { type: "ProjectRemoved", data: { projectId: ids.project, workspaceId: ids.workspace } },
  ProjectWorkflowAssigned: {
    type: "ProjectWorkflowAssigned",
    data: { projectId: ids.project, workspaceId: ids.workspace, workflowId: ids.workflow, templateId: ids.template },
  },
  ProjectWorkflowUnassigned: {
    type: "ProjectWorkflowUnassigned",
    data: { projectId: ids.project, workspaceId: ids.workspace, workflowId: ids.workflow },
  },
  ProjectMemberAdded: {
    type: "ProjectMemberAdded",
    data: { projectId: ids.project, workspaceId: ids.workspace, userId: ids.other, role: "viewer" },
  },
  ProjectMemberRoleChanged: {
    type: "ProjectMemberRoleChanged",
    data: { projectId: ids.project, workspaceId: ids.workspace, userId: ids.other, role: "manager" },
  },
  ProjectMemberRemoved: {
    type: "ProjectMemberRemoved",
    data: { projectId: ids.project, workspaceId: ids.workspace, userId: ids.other },
  },
  WorkflowCreated: {
    type: "WorkflowCreated",
    data: {
      workflowId: ids.workflow,
      workspaceId: ids.workspace,
      userId: ids.user,
      name: "Hiring",
      description: "",
      stages,
      projectId: ids.project,
      templateId: ids.template,
    },
  },
  WorkflowRenamed: {
    type: "WorkflowRenamed",
    data: { workflowId: ids.workflow, workspaceId: ids.workspace, name: "Hiring 2" },
  },
  WorkflowDescriptionChanged: {
    type: "WorkflowDescriptionChanged",
    data: { workflowId: ids.workflow, workspaceId: ids.workspace, description: "d" },
  },
  WorkflowStagesChanged: {
    type: "WorkflowStagesChanged",
    data: { workflowId: ids.workflow, workspaceId: ids.workspace, stages: [...stages].reverse() },
  },
  WorkflowRemoved: { type: "WorkflowRemoved", data: { workflowId: ids.workflow, workspaceId: ids.workspace } },
  CandidacyAdded: {
    type: "CandidacyAdded",
    data: {
      candidacyId: ids.candidacy,
      projectId: ids.project,
      workspaceId: ids.workspace,
      personId: ids.person,
      stageId: ids.stageA,
      stageName: "Sourced",
      at,
    },
  },
  CandidacyMoved: {
    type: "CandidacyMoved",
    data: {
      candidacyId: ids.candidacy,
      projectId: ids.project,
      workspaceId: ids.workspace,
      fromStageId: ids.stageA,
      toStageId: ids.stageB,
      toStageName: "Interview",
      at: "2026-11-03T10:00:00.000Z",
    },
  },
  CandidacyResponseSet: {
    type: "CandidacyResponseSet",
    data: { candidacyId: ids.candidacy, projectId: ids.project, workspaceId: ids.workspace, response: "interested" },
  },
  CandidacyRemoved: {
    type: "CandidacyRemoved",
    data: {
      candidacyId: ids.candidacy,
      projectId: ids.project,
      workspaceId: ids.workspace,
      at: "2026-11-04T10:00:00.000Z",
    },
  },
  InvitationSent: {
    type: "InvitationSent",
    data: {
      invitationId: ids.invitation,
      fromUserId: ids.user,
      toEmail: "bo@example.com",
      toUserId: null,
      invitableType: "Workspace",
      invitableId: ids.workspace,
      workspaceId: ids.workspace,
      workspaceRole: "viewer",
      projectRole: null,
      at,
    },
  },
  InvitationAccepted: { type: "InvitationAccepted", data: { invitationId: ids.invitation, userId: ids.other, at } },
  InvitationRejected: { type: "InvitationRejected", data: { invitationId: ids.invitation, userId: ids.other, at } },
  InvitationWithdrawn: { type: "InvitationWithdrawn", data: { invitationId: ids.invitation, userId: ids.user, at } },
  ProcessorStarted: {
    type: "ProcessorStarted",
    data: {
      ...run,
      candidacyId: ids.candidacy,
      personId: ids.person,
      stageId: ids.stageA,
      sequenceId: ids.sequence,
      totalSteps: 1,
      hasReview: false,
      fields: { defaults: [], customs: [] },
      values: {},
      timeZone: "UTC",
      timeZoneSource: "sequence",
      at,
    },
  },
  PayloadEdited: { type: "PayloadEdited", data: { ...run, values: {}, by: ids.user, at } },
  PayloadMadeReady: { type: "PayloadMadeReady", data: { ...run, by: ids.user, at } },
  PayloadApproved: { type: "PayloadApproved", data: { ...run, by: ids.user, at } },
  StepScheduled: { type: "StepScheduled", data: { ...run, position: 1, dueAt: at, jobKey: "job" } },
  StepDrafted: {
    type: "StepDrafted",
    data: { ...run, position: 1, draftId: "draft", messageId: "<step1@example.com>", message },
  },
  StepSent: {
    type: "StepSent",
    data: {
      ...run,
      position: 1,
      messageId: "<step1@example.com>",
      message: { ...message, tracked: true },
      sentAt: "2026-11-02T11:00:00.000Z",
    },
  },
  StepFailed: { type: "StepFailed", data: { ...run, position: 1, failMessage: "no", at } },
  ReplyReceived: {
    type: "ReplyReceived",
    data: {
      ...inbound,
      subject: "Re: Hello",
      html: "<p>Yes</p>",
      inReplyTo: "<step1@example.com>",
      receivedAt: "2026-11-02T15:00:00.000Z",
      afterStop: false,
    },
  },
  AutoReplyReceived: {
    type: "AutoReplyReceived",
    data: { ...inbound, messageId: "<auto@example.com>", subject: "Away", html: "<p>Away</p>", receivedAt: at },
  },
  StepBounced: {
    type: "StepBounced",
    data: {
      ...inbound,
      messageId: "<dsn@example.com>",
      subject: "Undeliverable",
      html: "",
      position: 1,
      reason: "no such user",
      status: "5.1.1",
      receivedAt: "2026-11-02T12:00:00.000Z",
    },
  },
  MessageOpened: {
    type: "MessageOpened",
    data: { ...run, position: 1, messageId: "<step1@example.com>", kind: "human", at: "2026-11-02T13:00:00.000Z" },
  },
  ProcessorPaused: { type: "ProcessorPaused", data: { ...run, statusMessage: "Paused", by: ids.user, at } },
  ProcessorResumed: { type: "ProcessorResumed", data: { ...run, by: ids.user, at } },
  ProcessorStopped: { type: "ProcessorStopped", data: { ...run, reason: "moved", at } },
  ProcessorFinished: { type: "ProcessorFinished", data: { ...run, at } },
  CredentialAdded: {
    type: "CredentialAdded",
    data: {
      credentialId: ids.credential,
      workspaceId: ids.workspace,
      userId: ids.user,
      providerType: "local",
      name: "Local",
      email: "me@example.com",
      dailyLimit: 400,
      minGapSeconds: 60,
      hasImap: false,
    },
  },
  CredentialRenamed: {
    type: "CredentialRenamed",
    data: { credentialId: ids.credential, workspaceId: ids.workspace, name: "Mine" },
  },
  CredentialAliasesChanged: {
    type: "CredentialAliasesChanged",
    data: { credentialId: ids.credential, workspaceId: ids.workspace, aliases: [] },
  },
  CredentialLimitsChanged: {
    type: "CredentialLimitsChanged",
    data: { credentialId: ids.credential, workspaceId: ids.workspace, dailyLimit: 10, minGapSeconds: 0 },
  },
  CredentialTested: { type: "CredentialTested", data: { credentialId: ids.credential, workspaceId: ids.workspace } },
  CredentialFailed: {
    type: "CredentialFailed",
    data: { credentialId: ids.credential, workspaceId: ids.workspace, failMessage: "no" },
  },
  CredentialReconnected: {
    type: "CredentialReconnected",
    data: { credentialId: ids.credential, workspaceId: ids.workspace, userId: ids.user },
  },
  CredentialRemoved: { type: "CredentialRemoved", data: { credentialId: ids.credential, workspaceId: ids.workspace } },
  SequenceCreated: { type: "SequenceCreated", data: { ...sequence, userId: ids.user } },
  SequenceEdited: { type: "SequenceEdited", data: { ...sequence, name: "Outreach v2" } },
  SequenceRemoved: { type: "SequenceRemoved", data: { sequenceId: ids.sequence, workspaceId: ids.workspace } },
  AddressOptedOut: {
    type: "AddressOptedOut",
    data: {
      optOutId: ids.optOut,
      address: "ada@example.com",
      source: "link",
      processorId: ids.processor,
      personIds: [ids.person],
      at: "2026-11-02T16:00:00.000Z",
    },
  },
  AddressOptOutCleared: {
    type: "AddressOptOutCleared",
    data: {
      optOutId: ids.optOut,
      address: "ada@example.com",
      workspaceId: ids.workspace,
      personId: ids.person,
      by: ids.user,
      at,
    },
  },
};
