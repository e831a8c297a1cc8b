import type { DomainEvent } from "@hirestream/contracts/events.ts";
import { processorStarted, stepBounced } from "@hirestream/domain/analytics/testing/processor-events.ts";
import { projectCreated } from "@hirestream/domain/analytics/testing/project-events.ts";
import { sequenceCreated, sequenceStep } from "@hirestream/domain/analytics/testing/sequence-events.ts";
import { userSignedUp } from "@hirestream/domain/analytics/testing/user-events.ts";
import { workflowCreated, workflowStage } from "@hirestream/domain/analytics/testing/workflow-events.ts";
import { workspaceCreated } from "@hirestream/domain/analytics/testing/workspace-events.ts";
import type { StreamAppend } from "@hirestream/eventstore/event-store.ts";
import type { PostgresEventStore } from "@hirestream/eventstore/postgres.event-store.ts";
import type pg from "pg";
import { command, inTransaction } from "./projection-history.ts";

// A workspace's history for the export bench, appended through the store's own multi-stream
// append, about 4,000 events per transaction and two transactions at once: per candidacy an add
// and two moves through a five-stage pipeline, and a run of a three-step sequence (started, steps
// sent, opens by people and machines, a reply for one in four, a bounce for one in twenty).

const projects = 20;
const stageNames = ["Sourced", "Contacted", "Screen", "Interview", "Offer"];
const members = 10;
const day = 86_400_000;
const start = Date.parse("2026-01-01T00:00:00.000Z");

const uuid = (kind: number, n: number) =>
  `${kind.toString(16).padStart(8, "0")}-0000-4000-8000-${n.toString(16).padStart(12, "0")}`;

/** Events per candidacy as `candidacyHistory` writes them, on average. */
export const eventsPerCandidacy = 10.3;

export interface ExportSeed {
  workspaceId: string;
  events: number;
}

function setupHistory(workspaceId: string, userIds: string[], ownerSignedUp: boolean): StreamAppend[] {
  const owner = userIds[0] ?? uuid(1, 0);
  // An owner who signed up through the API has a user stream already.
  const newUsers = ownerSignedUp ? userIds.slice(1) : userIds;
  const appends: StreamAppend[] = newUsers.map((userId, index) => ({
    streamId: `user-${userId}`,
    expectedRevision: -1,
    events: command(
      [
        userSignedUp({
          userId,
          email: `member-${index + userIds.length - newUsers.length}@bench.example`,
          firstName: "Member",
          lastName: `${index + userIds.length - newUsers.length}`,
        }),
      ],
      userId,
      start,
    ),
  }));
  appends.push({
    streamId: `workspace-${workspaceId}`,
    expectedRevision: -1,
    events: command(
      [
        workspaceCreated({ workspaceId, name: "Bench", ownerId: owner }),
        ...userIds.map(
          (userId, index): DomainEvent => ({
            type: "WorkspaceMemberAdded",
            data: { workspaceId, userId, role: index === 0 ? "owner" : "collaborator" },
          }),
        ),
      ],
      owner,
      start,
    ),
  });
  for (let p = 0; p < projects; p++) {
    const projectId = uuid(3, p);
    const workflowId = uuid(4, p);
    const stages = stageNames.map((name, position) =>
      workflowStage({ id: uuid(5, p * 10 + position), name, position }),
    );
    appends.push(
      {
        streamId: `project-${projectId}`,
        expectedRevision: -1,
        events: command(
          [
            projectCreated({ projectId, workspaceId, userId: owner, name: `Project ${p}` }),
            { type: "ProjectWorkflowAssigned", data: { projectId, workspaceId, workflowId, templateId: workflowId } },
          ],
          owner,
          start,
        ),
      },
      {
        streamId: `sequence-${uuid(8, p)}`,
        expectedRevision: -1,
        events: command(
          [
            sequenceCreated({
              sequenceId: uuid(8, p),
              workspaceId,
              userId: owner,
              name: `Outreach ${p}`,
              allowSendWeekend: true,
              allowSendHoliday: true,
              steps: [1, 2, 3].map((position) =>
                sequenceStep({
                  id: uuid(10, p * 10 + position),
                  position,
                  name: `Step ${position}`,
                  templateSubject: "Hello",
                  templateBody: "Hello",
                }),
              ),
            }),
          ],
          owner,
          start,
        ),
      },
      {
        streamId: `workflow-${workflowId}`,
        expectedRevision: -1,
        events: command(
          [workflowCreated({ workflowId, workspaceId, userId: owner, name: "Pipeline", stages, projectId })],
          owner,
          start,
        ),
      },
    );
  }
  return appends;
}

function candidacyHistory(workspaceId: string, userIds: string[], n: number): StreamAppend[] {
  const p = n % projects;
  const projectId = uuid(3, p);
  const candidacyId = uuid(6, n);
  const processorId = uuid(7, n);
  const sequenceId = uuid(8, p);
  const actor = userIds[n % userIds.length] ?? uuid(1, 0);
  const stage = (position: number) => uuid(5, p * 10 + position);
  const at = start + (n % 300) * day + (n % 86_400) * 1000;
  const iso = (offset: number) => new Date(at + offset).toISOString();
  const ids = { candidacyId, projectId, workspaceId };
  const run = { processorId, projectId, workspaceId };
  const hop = 1 + (n % 3);
  const candidacy = [
    ...command(
      [
        {
          type: "CandidacyAdded",
          data: { ...ids, personId: uuid(9, n), stageId: stage(0), stageName: "Sourced", at: iso(0) },
        },
      ],
      actor,
      at,
    ),
    ...command(
      [
        {
          type: "CandidacyMoved",
          data: { ...ids, fromStageId: stage(0), toStageId: stage(1), toStageName: "", at: iso(hop * 3_600_000) },
        },
      ],
      actor,
      at,
    ),
    ...command(
      [
        {
          type: "CandidacyMoved",
          data: { ...ids, fromStageId: stage(1), toStageId: stage(1 + hop), toStageName: "", at: iso(hop * day) },
        },
      ],
      actor,
      at,
    ),
  ];
  const message = {
    from: "member@bench.example",
    to: `c${n}@bench.example`,
    subject: "Hello",
    html: "<p>Hello</p>",
    references: [],
    tracked: true as const,
  };
  const sent = (position: number, offset: number): DomainEvent => ({
    type: "StepSent",
    data: { ...run, position, messageId: `<${n}.${position}@bench.example>`, message, sentAt: iso(offset) },
  });
  const opened = (position: number, offset: number, human: boolean): DomainEvent =>
    human
      ? {
          type: "MessageOpened",
          data: { ...run, position, messageId: `<${n}.${position}@bench.example>`, kind: "human", at: iso(offset) },
        }
      : {
          type: "MessageOpened",
          data: {
            ...run,
            position,
            messageId: `<${n}.${position}@bench.example>`,
            kind: "machine",
            opener: "apple_mail_privacy",
            at: iso(offset),
          },
        };
  const runEvents: DomainEvent[] = [
    processorStarted({
      ...run,
      candidacyId,
      personId: uuid(9, n),
      stageId: stage(1),
      sequenceId,
      totalSteps: 3,
      at: iso(0),
    }),
    sent(1, 3_600_000),
    opened(1, 3_600_000 + 5000, false),
    opened(1, 2 * 3_600_000, n % 2 === 0),
    sent(2, day),
    opened(2, day + 3_600_000, true),
    sent(3, 2 * day),
  ];
  if (n % 4 === 0) {
    runEvents.push({
      type: "ReplyReceived",
      data: {
        ...run,
        messageId: `<reply.${n}@bench.example>`,
        from: message.to,
        to: message.from,
        subject: "Re: Hello",
        html: "<p>Yes</p>",
        inReplyTo: `<${n}.2@bench.example>`,
        receivedAt: iso(day + 5 * 3_600_000),
        afterStop: false,
      },
    });
  } else if (n % 20 === 1) {
    runEvents.push(
      stepBounced({
        ...run,
        messageId: `<dsn.${n}@bench.example>`,
        from: "mailer-daemon@bench.example",
        to: message.from,
        position: 3,
        receivedAt: iso(2 * day + 60_000),
      }),
    );
  }
  return [
    { streamId: `candidacy-${candidacyId}`, expectedRevision: -1, events: candidacy },
    { streamId: `processor-${processorId}`, expectedRevision: -1, events: command(runEvents, actor, at) },
  ];
}

/**
 * Appends about `events` events of one workspace; returns its id and the exact count. `owner`: a
 * user who signed up already (so can sign in), made the workspace's owner instead of a new one.
 */
export async function appendExportHistory(
  pool: pg.Pool,
  store: PostgresEventStore,
  options: { events: number; concurrency: number; owner?: string; onProgress: (events: number) => void },
): Promise<ExportSeed> {
  const workspaceId = uuid(2, 1);
  const userIds = Array.from({ length: members }, (_, index) =>
    index === 0 && options.owner ? options.owner : uuid(1, index),
  );
  const count = (appends: StreamAppend[]) => appends.reduce((sum, append) => sum + append.events.length, 0);
  const setup = setupHistory(workspaceId, userIds, options.owner !== undefined);
  await inTransaction(pool, (client) => store.appendToStreamsWith(client, setup));
  let events = count(setup);
  const candidacies = Math.round((options.events - events) / eventsPerCandidacy);
  const perTransaction = 380;
  let next = 0;
  const worker = async () => {
    for (let first = next; first < candidacies; first = next) {
      next += perTransaction;
      const appends: StreamAppend[] = [];
      for (let n = first; n < Math.min(candidacies, first + perTransaction); n++) {
        appends.push(...candidacyHistory(workspaceId, userIds, n));
      }
      await inTransaction(pool, (client) => store.appendToStreamsWith(client, appends));
      events += count(appends);
      options.onProgress(events);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  return { workspaceId, events };
}
