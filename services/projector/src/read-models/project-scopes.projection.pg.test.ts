import type { DomainEvent } from "@hirestream/contracts/events.ts";
import { projectUserIdOf } from "@hirestream/contracts/projects/project-user-id.ts";
import { beforeAll, describe, expect, it } from "vitest";
import { readModelHarness } from "../testing/read-model-harness.ts";

// A project's rows (the project, its members, invitations, candidacies and workflow copy) are
// logged in one scope of the project's own, `proj:{project}`, hidden or not: who may hold it is the
// sync server's to decide. Templates stay the workspace's, and an invitation also rings its invitee's bell.

const { given, projected } = readModelHarness();

const ada = "00000000-0000-4000-8000-00000000000a";
const bob = "00000000-0000-4000-8000-00000000000b";
const ws = "00000000-0000-4000-8000-0000000000f1";
const secret = "00000000-0000-4000-8000-0000000000a1";
const open = "00000000-0000-4000-8000-0000000000a2";
const template = "00000000-0000-4000-8000-0000000000d0";
const secretCopy = "00000000-0000-4000-8000-0000000000d1";
const openCopy = "00000000-0000-4000-8000-0000000000d2";
const graceInSecret = "00000000-0000-4000-8000-0000000000b1";
const graceInOpen = "00000000-0000-4000-8000-0000000000b2";
const grace = "00000000-0000-4000-8000-0000000000c1";
const bobToSecret = "00000000-0000-4000-8000-0000000000e9";
const sourced = {
  id: "00000000-0000-4000-8000-0000000000e1",
  name: "Sourced",
  position: 0,
  description: "",
  sequenceId: null,
  onResponseStageId: null,
  onResponseStagePosition: null,
};
const openSourced = { ...sourced, id: "00000000-0000-4000-8000-0000000000e2" };
const templateSourced = { ...sourced, id: "00000000-0000-4000-8000-0000000000e3" };

const created = (projectId: string, visible: boolean): DomainEvent => ({
  type: "ProjectCreated",
  data: {
    projectId,
    workspaceId: ws,
    userId: ada,
    name: visible ? "Open" : "Secret",
    description: null,
    priority: "Medium",
    status: "Active",
    startDate: null,
    deadline: null,
    visible,
    workflowId: null,
  },
});

const workflow = (workflowId: string, projectId: string | undefined, stage: typeof sourced): DomainEvent => ({
  type: "WorkflowCreated",
  data: {
    workflowId,
    workspaceId: ws,
    userId: ada,
    name: "Engineering",
    description: "",
    stages: [stage],
    ...(projectId ? { projectId } : {}),
  },
});

const candidate = (candidacyId: string, projectId: string, stage: typeof sourced): DomainEvent => ({
  type: "CandidacyAdded",
  data: {
    candidacyId,
    projectId,
    workspaceId: ws,
    personId: grace,
    stageId: stage.id,
    stageName: stage.name,
    at: "2026-11-01T09:00:00.000Z",
  },
});

const invited: DomainEvent = {
  type: "InvitationSent",
  data: {
    invitationId: bobToSecret,
    fromUserId: ada,
    toEmail: "bob@example.com",
    toUserId: bob,
    invitableType: "Project",
    invitableId: secret,
    workspaceId: ws,
    workspaceRole: "collaborator",
    projectRole: "viewer",
    at: "2026-11-01T09:30:00.000Z",
  },
};

const shown = (projectId: string, visible: boolean): DomainEvent => ({
  type: "ProjectUpdated",
  data: { projectId, workspaceId: ws, changes: { visible } },
});

interface LogEntry {
  position: number;
  seq: number;
  scope: string;
  entity: string;
  id: string;
  op: string;
  data: Record<string, unknown> | null;
}

const logOf = (tables: Record<string, unknown[]>, ids: string[]) =>
  ((tables.change_log ?? []) as LogEntry[])
    .filter((entry) => ids.includes(entry.id))
    .sort((a, b) => a.position - b.position || a.seq - b.seq)
    .map(({ position, scope, entity, op }) => ({ position, scope, entity, op }));

describe("a project's rows", () => {
  let positions: Record<string, number>;
  const secretOwner = projectUserIdOf(secret, ada);
  const openOwner = projectUserIdOf(open, ada);

  beforeAll(async () => {
    positions = {
      templateCreated: await given(`workflow-${template}`, "2026-11-01T07:00:00.000Z", [
        workflow(template, undefined, templateSourced),
      ]),
      secretCreated: await given(`project-${secret}`, "2026-11-01T08:00:00.000Z", [created(secret, false)]),
      secretCopied: await given(`workflow-${secretCopy}`, "2026-11-01T08:01:00.000Z", [
        workflow(secretCopy, secret, sourced),
      ]),
      graceAdded: await given(`candidacy-${graceInSecret}`, "2026-11-01T09:00:00.000Z", [
        candidate(graceInSecret, secret, sourced),
      ]),
      bobInvited: await given(`invitation-${bobToSecret}`, "2026-11-01T09:30:00.000Z", [invited]),
      openCreated: await given(`project-${open}`, "2026-11-01T10:00:00.000Z", [created(open, true)]),
      openCopied: await given(`workflow-${openCopy}`, "2026-11-01T10:01:00.000Z", [
        workflow(openCopy, open, openSourced),
      ]),
      openGraceAdded: await given(`candidacy-${graceInOpen}`, "2026-11-01T10:02:00.000Z", [
        candidate(graceInOpen, open, openSourced),
      ]),
      secretShown: await given(`project-${secret}`, "2026-11-02T09:00:00.000Z", [shown(secret, true)]),
      openHidden: await given(`project-${open}`, "2026-11-03T09:00:00.000Z", [shown(open, false)]),
    };
  });

  it("are logged in the project's own scope whether it is hidden or not, the invitation in the bell too", async () => {
    const tables = await projected(2);
    const secrets = `proj:${secret}`;
    const opens = `proj:${open}`;
    expect(logOf(tables, [secret, secretOwner, secretCopy, graceInSecret, bobToSecret])).toEqual([
      { position: positions.secretCreated, scope: secrets, entity: "project", op: "put" },
      { position: positions.secretCreated, scope: secrets, entity: "project_user", op: "put" },
      { position: positions.secretCopied, scope: secrets, entity: "workflow", op: "put" },
      { position: positions.graceAdded, scope: secrets, entity: "candidacy", op: "put" },
      { position: positions.bobInvited, scope: secrets, entity: "invitation", op: "put" },
      { position: positions.bobInvited, scope: `user:${bob}`, entity: "invitation", op: "put" },
      { position: positions.secretShown, scope: secrets, entity: "project", op: "put" },
    ]);
    expect(logOf(tables, [open, openOwner, openCopy, graceInOpen])).toEqual([
      { position: positions.openCreated, scope: opens, entity: "project", op: "put" },
      { position: positions.openCreated, scope: opens, entity: "project_user", op: "put" },
      { position: positions.openCopied, scope: opens, entity: "workflow", op: "put" },
      { position: positions.openGraceAdded, scope: opens, entity: "candidacy", op: "put" },
      { position: positions.openHidden, scope: opens, entity: "project", op: "put" },
    ]);
  });

  it("leave templates in the workspace's scope", async () => {
    const tables = await projected(2);
    expect(logOf(tables, [template])).toEqual([
      { position: positions.templateCreated, scope: `ws:${ws}`, entity: "workflow", op: "put" },
    ]);
  });

  it("are not written again when the project is shown or hidden: only the project's row is", async () => {
    const tables = await projected(2);
    const atToggles = ((tables.change_log ?? []) as LogEntry[])
      .filter((entry) => entry.position === positions.secretShown || entry.position === positions.openHidden)
      .sort((a, b) => a.position - b.position || a.seq - b.seq)
      .map(({ entity, id, data }) => ({ entity, id, visible: data?.visible }));
    expect(atToggles).toEqual([
      { entity: "project", id: secret, visible: true },
      { entity: "project", id: open, visible: false },
    ]);
    const byId = (table: string, id: string) =>
      (tables[table] as { id: string; updated_at: string }[]).find((row) => row.id === id);
    expect(byId("candidacies", graceInOpen)).toMatchObject({ updated_at: "2026-11-01T10:02:00+00:00" });
    expect(byId("workflows", openCopy)).toMatchObject({ updated_at: "2026-11-01T10:01:00+00:00" });
  });

  it("come out the same whichever way the events are cut into batches", async () => {
    const one = await projected(1);
    const many = await projected(500);
    for (const table of ["projects", "project_users", "candidacies", "workflows", "invitations"]) {
      expect(many[table], table).toEqual(one[table]);
    }
    const ids = [secret, secretOwner, secretCopy, graceInSecret, bobToSecret, open, openOwner, openCopy, graceInOpen];
    expect(logOf(many, ids)).toEqual(logOf(one, ids));
  });
});
