import { emailStream } from "@hirestream/api/auth/user-commands.ts";
import type { DomainEvent } from "@hirestream/contracts/events.ts";
import type { WorkflowStage } from "@hirestream/contracts/workflows/events.ts";
import { personAdded } from "@hirestream/domain/analytics/testing/person-events.ts";
import { processorStarted, stepBounced } from "@hirestream/domain/analytics/testing/processor-events.ts";
import { projectCreated } from "@hirestream/domain/analytics/testing/project-events.ts";
import { sequenceCreated, sequenceStep } from "@hirestream/domain/analytics/testing/sequence-events.ts";
import { userSignedUp } from "@hirestream/domain/analytics/testing/user-events.ts";
import { workflowCreated, workflowStage } from "@hirestream/domain/analytics/testing/workflow-events.ts";
import { workspaceCreated } from "@hirestream/domain/analytics/testing/workspace-events.ts";
import type { EventStore } from "@hirestream/eventstore/event-store.ts";
import { appendEvents } from "@hirestream/eventstore/testing/append-events.ts";

// A small workspace whose figures are known by hand (the test states them), plus another
// workspace whose events must never reach its files. All times in November 2026, UTC.

const id = (prefix: string, n: number) => `${prefix}000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
export const ids = {
  workspace: id("aa", 1),
  otherWorkspace: id("aa", 2),
  ann: id("ab", 1),
  bo: id("ab", 2),
  cy: id("ab", 3),
  dee: id("ab", 4),
  backend: id("ac", 1),
  design: id("ac", 2),
  elsewhere: id("ac", 3),
  backendFlow: id("ad", 1),
  designFlow: id("ad", 2),
  otherFlow: id("ad", 3),
  sourced: id("ae", 1),
  contacted: id("ae", 2),
  interview: id("ae", 3),
  applied: id("ae", 4),
  hired: id("ae", 5),
  otherStage: id("ae", 6),
  intro: id("af", 1),
  c: (n: number) => id("b0", n),
  run: (n: number) => id("b1", n),
  person: (n: number) => id("b2", n),
};

const t = (iso: string) => `2026-${iso}:00.000Z`;

const stage = (stageId: string, name: string, position: number) => workflowStage({ id: stageId, name, position });

export async function appendAnalyticsHistory(store: EventStore): Promise<void> {
  const append = (streamId: string, events: DomainEvent[], actor: string | null, occurredAt = t("10-01T00:00")) =>
    appendEvents(store, streamId, events, { actor, occurredAt });
  const ws = ids.workspace;

  const users: [string, string, string][] = [
    [ids.ann, "Ann", "ann@example.com"],
    [ids.bo, "Bo", "bo@example.com"],
    [ids.cy, "Cy", "cy@example.com"],
    [ids.dee, "Dee", "dee@example.com"],
  ];
  for (const [userId, firstName, email] of users) {
    await append(emailStream(email), [{ type: "EmailReserved", data: { email, userId } }], null);
    await append(`user-${userId}`, [userSignedUp({ userId, email, firstName, lastName: "Test" })], userId);
  }
  await append(
    `workspace-${ws}`,
    [
      workspaceCreated({ workspaceId: ws, name: "Acme", ownerId: ids.ann }),
      { type: "WorkspaceMemberAdded", data: { workspaceId: ws, userId: ids.ann, role: "owner" } },
      { type: "WorkspaceMemberAdded", data: { workspaceId: ws, userId: ids.bo, role: "manager" } },
      { type: "WorkspaceMemberAdded", data: { workspaceId: ws, userId: ids.cy, role: "collaborator" } },
    ],
    ids.ann,
  );

  const project = async (
    projectId: string,
    workspaceId: string,
    name: string,
    flow: string,
    stages: WorkflowStage[],
  ) => {
    await append(
      `project-${projectId}`,
      [
        projectCreated({ projectId, workspaceId, userId: ids.ann, name }),
        { type: "ProjectWorkflowAssigned", data: { projectId, workspaceId, workflowId: flow, templateId: flow } },
      ],
      ids.ann,
      t("10-02T00:00"),
    );
    await append(
      `workflow-${flow}`,
      [workflowCreated({ workflowId: flow, workspaceId, userId: ids.ann, name: "Flow", stages, projectId })],
      ids.ann,
    );
  };
  await project(ids.backend, ws, "Backend", ids.backendFlow, [
    stage(ids.sourced, "Sourced", 0),
    stage(ids.contacted, "Contacted", 1),
    stage(ids.interview, "Interview", 2),
  ]);
  await project(ids.design, ws, "=SUM(A1)", ids.designFlow, [
    stage(ids.applied, "Applied", 0),
    stage(ids.hired, "-Hired", 1),
  ]);
  await append(
    `project-${ids.backend}`,
    [
      {
        type: "ProjectMemberAdded",
        data: { projectId: ids.backend, workspaceId: ws, userId: ids.cy, role: "collaborator" },
      },
    ],
    ids.ann,
  );

  const candidacy = (n: number, projectId: string) => ({ candidacyId: ids.c(n), projectId, workspaceId: ws });
  const added = (n: number, stageId: string, at: string, actor = ids.cy, projectId = ids.backend) =>
    append(
      `candidacy-${ids.c(n)}`,
      [
        {
          type: "CandidacyAdded",
          data: { ...candidacy(n, projectId), personId: ids.person(n), stageId, stageName: "", at: t(at) },
        },
      ],
      actor,
      t(at),
    );
  const moved = (n: number, fromStageId: string, toStageId: string, at: string) =>
    append(
      `candidacy-${ids.c(n)}`,
      [
        {
          type: "CandidacyMoved",
          data: { ...candidacy(n, ids.backend), fromStageId, toStageId, toStageName: "", at: t(at) },
        },
      ],
      ids.cy,
      t(at),
    );
  await added(4, ids.sourced, "10-20T00:00", ids.ann);
  await moved(4, ids.sourced, ids.contacted, "10-20T12:00");
  await added(1, ids.sourced, "11-01T00:00");
  await added(2, ids.sourced, "11-01T12:00");
  await moved(2, ids.sourced, ids.contacted, "11-01T18:00");
  await moved(1, ids.sourced, ids.contacted, "11-02T00:00");
  await append(
    `candidacy-${ids.c(2)}`,
    [{ type: "CandidacyRemoved", data: { ...candidacy(2, ids.backend), at: t("11-02T18:00") } }],
    ids.cy,
    t("11-02T18:00"),
  );
  await moved(1, ids.contacted, ids.interview, "11-04T00:00");
  await added(3, ids.sourced, "11-05T00:00");
  await added(5, ids.applied, "11-01T00:00", ids.ann, ids.design);

  const steps = [1, 2].map((position) =>
    sequenceStep({
      id: id("ba", position),
      position,
      name: position === 1 ? "Hello" : "Follow up",
      templateSubject: "Hi",
      templateBody: "Hi",
    }),
  );
  await append(
    `sequence-${ids.intro}`,
    [
      sequenceCreated({
        sequenceId: ids.intro,
        workspaceId: ws,
        userId: ids.ann,
        name: "Intro",
        allowSendWeekend: true,
        allowSendHoliday: true,
        steps,
      }),
    ],
    ids.ann,
    t("10-03T00:00"),
  );

  const run = (n: number) => ({ processorId: ids.run(n), projectId: ids.backend, workspaceId: ws });
  const stream = (n: number) => `processor-${ids.run(n)}`;
  const message = (tracked: boolean) => ({
    from: "ann@example.com",
    to: "x@example.com",
    subject: "Hi",
    html: "",
    references: [],
    ...(tracked ? { tracked: true as const } : {}),
  });
  const sent = (n: number, position: number, messageId: string, at: string, tracked = true): DomainEvent => ({
    type: "StepSent",
    data: { ...run(n), position, messageId, message: message(tracked), sentAt: t(at) },
  });
  const inbound = (n: number, messageId: string, at: string) => ({
    ...run(n),
    messageId,
    from: "x@example.com",
    to: "ann@example.com",
    subject: "Re: Hi",
    html: "",
    receivedAt: t(at),
  });
  for (const n of [1, 2, 3]) {
    await append(
      stream(n),
      [
        processorStarted({
          ...run(n),
          candidacyId: ids.c(n),
          personId: ids.person(n),
          stageId: ids.sourced,
          sequenceId: ids.intro,
          totalSteps: 2,
          at: t("11-01T00:00"),
        }),
      ],
      null,
    );
  }
  await append(
    stream(1),
    [{ type: "PayloadApproved", data: { ...run(1), by: ids.cy, at: t("11-01T09:00") } }],
    ids.cy,
    t("11-01T09:00"),
  );
  await append(stream(1), [sent(1, 1, "<m1>", "11-01T10:00")], null);
  await append(
    stream(1),
    [
      {
        type: "MessageOpened",
        data: {
          ...run(1),
          position: 1,
          messageId: "<m1>",
          kind: "machine",
          opener: "google_image_proxy",
          at: t("11-01T10:01"),
        },
      },
    ],
    null,
  );
  await append(
    stream(1),
    [
      {
        type: "MessageOpened",
        data: { ...run(1), position: 1, messageId: "<m1>", kind: "human", at: t("11-01T11:00") },
      },
    ],
    null,
  );
  await append(stream(2), [sent(2, 1, "<m3>", "11-01T12:00", false)], null);
  await append(stream(2), [stepBounced({ ...inbound(2, "<dsn>", "11-01T12:05"), position: 1 })], null);
  await append(stream(1), [sent(1, 2, "<m2>", "11-02T10:00")], null);
  await append(
    stream(1),
    [{ type: "ReplyReceived", data: { ...inbound(1, "<r1>", "11-02T14:00"), inReplyTo: "<m2>", afterStop: false } }],
    null,
  );
  await append(stream(3), [sent(3, 1, "<m4>", "11-05T09:00")], null);
  await append(
    `opt-out-${id("bb", 1)}`,
    [
      {
        type: "AddressOptedOut",
        data: {
          optOutId: id("bb", 1),
          address: "x@example.com",
          source: "link",
          processorId: ids.run(3),
          personIds: [],
          at: t("11-05T10:00"),
        },
      },
    ],
    null,
  );
  await append(
    stream(3),
    [{ type: "ReplyReceived", data: { ...inbound(3, "<r3>", "11-05T11:00"), afterStop: true } }],
    null,
  );

  // Another workspace: nothing of it may reach the first one's files.
  await append(
    `workspace-${ids.otherWorkspace}`,
    [
      workspaceCreated({ workspaceId: ids.otherWorkspace, name: "Other", ownerId: ids.dee }),
      { type: "WorkspaceMemberAdded", data: { workspaceId: ids.otherWorkspace, userId: ids.dee, role: "owner" } },
    ],
    ids.dee,
  );
  await project(ids.elsewhere, ids.otherWorkspace, "Elsewhere", ids.otherFlow, [stage(ids.otherStage, "Lead", 0)]);
  await append(
    `candidacy-${ids.c(9)}`,
    [
      {
        type: "CandidacyAdded",
        data: {
          candidacyId: ids.c(9),
          projectId: ids.elsewhere,
          workspaceId: ids.otherWorkspace,
          personId: ids.person(9),
          stageId: ids.otherStage,
          stageName: "",
          at: t("11-01T00:00"),
        },
      },
    ],
    ids.dee,
    t("11-01T00:00"),
  );
  await append(
    `person-${ids.person(9)}`,
    [personAdded({ personId: ids.person(9), ownerId: ids.dee, workspaceId: ids.otherWorkspace })],
    ids.dee,
  );
}
