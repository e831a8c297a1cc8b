import type { DomainEvent } from "@hirestream/contracts/events.ts";
import { beforeAll, describe, expect, it } from "vitest";
import { readModelHarness } from "../testing/read-model-harness.ts";

// Spec §6: a hidden project is its creator's alone. Its row, its candidacies and its workflow copy
// are synced to `user:{creator}` only, and move between that scope and the workspace's with it.

const { given, projected } = readModelHarness();

const ada = "00000000-0000-4000-8000-00000000000a";
const ws = "00000000-0000-4000-8000-0000000000f1";
const secret = "00000000-0000-4000-8000-0000000000a1";
const open = "00000000-0000-4000-8000-0000000000a2";
const secretCopy = "00000000-0000-4000-8000-0000000000d1";
const openCopy = "00000000-0000-4000-8000-0000000000d2";
const graceInSecret = "00000000-0000-4000-8000-0000000000b1";
const graceInOpen = "00000000-0000-4000-8000-0000000000b2";
const grace = "00000000-0000-4000-8000-0000000000c1";
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

const copied = (workflowId: string, projectId: string, stage: typeof sourced): DomainEvent => ({
  type: "WorkflowCreated",
  data: { workflowId, workspaceId: ws, userId: ada, name: "Engineering", description: "", stages: [stage], projectId },
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

const project = projected;

const logOf = (tables: Record<string, unknown[]>, ids: string[]) =>
  ((tables.change_log ?? []) as LogEntry[])
    .filter((entry) => ids.includes(entry.id))
    .sort((a, b) => a.position - b.position || a.seq - b.seq)
    .map(({ position, scope, entity, op }) => ({ position, scope, entity, op }));

describe("a hidden project's rows", () => {
  let positions: Record<string, number>;

  beforeAll(async () => {
    positions = {
      secretCreated: await given(`project-${secret}`, "2026-11-01T08:00:00.000Z", [created(secret, false)]),
      secretCopied: await given(`workflow-${secretCopy}`, "2026-11-01T08:01:00.000Z", [
        copied(secretCopy, secret, sourced),
      ]),
      graceAdded: await given(`candidacy-${graceInSecret}`, "2026-11-01T09:00:00.000Z", [
        candidate(graceInSecret, secret, sourced),
      ]),
      openCreated: await given(`project-${open}`, "2026-11-01T10:00:00.000Z", [created(open, true)]),
      openCopied: await given(`workflow-${openCopy}`, "2026-11-01T10:01:00.000Z", [
        copied(openCopy, open, openSourced),
      ]),
      openGraceAdded: await given(`candidacy-${graceInOpen}`, "2026-11-01T10:02:00.000Z", [
        candidate(graceInOpen, open, openSourced),
      ]),
      secretShown: await given(`project-${secret}`, "2026-11-02T09:00:00.000Z", [shown(secret, true)]),
      openHidden: await given(`project-${open}`, "2026-11-03T09:00:00.000Z", [shown(open, false)]),
    };
  });

  it("reach only the creator while hidden, and move with the project, deleted from the scope they leave", async () => {
    const tables = await project(2);
    const me = `user:${ada}`;
    const all = `ws:${ws}`;
    expect(logOf(tables, [secret, secretCopy, graceInSecret])).toEqual([
      { position: positions.secretCreated, scope: me, entity: "project", op: "put" },
      { position: positions.secretCopied, scope: me, entity: "workflow", op: "put" },
      { position: positions.graceAdded, scope: me, entity: "candidacy", op: "put" },
      { position: positions.secretShown, scope: all, entity: "project", op: "put" },
      { position: positions.secretShown, scope: me, entity: "project", op: "del" },
      { position: positions.secretShown, scope: all, entity: "workflow", op: "put" },
      { position: positions.secretShown, scope: me, entity: "workflow", op: "del" },
      { position: positions.secretShown, scope: all, entity: "candidacy", op: "put" },
      { position: positions.secretShown, scope: me, entity: "candidacy", op: "del" },
    ]);
    expect(logOf(tables, [open, openCopy, graceInOpen])).toEqual([
      { position: positions.openCreated, scope: all, entity: "project", op: "put" },
      { position: positions.openCopied, scope: all, entity: "workflow", op: "put" },
      { position: positions.openGraceAdded, scope: all, entity: "candidacy", op: "put" },
      { position: positions.openHidden, scope: me, entity: "project", op: "put" },
      { position: positions.openHidden, scope: all, entity: "project", op: "del" },
      { position: positions.openHidden, scope: me, entity: "workflow", op: "put" },
      { position: positions.openHidden, scope: all, entity: "workflow", op: "del" },
      { position: positions.openHidden, scope: me, entity: "candidacy", op: "put" },
      { position: positions.openHidden, scope: all, entity: "candidacy", op: "del" },
    ]);
  });

  it("name the creator while hidden, keep their own times, and send browsers the row without it", async () => {
    const tables = await project(2);
    const byId = (table: string, id: string) =>
      (tables[table] as { id: string; private_to: string | null; updated_at: string }[]).find((row) => row.id === id);
    expect(byId("candidacies", graceInSecret)).toMatchObject({ private_to: null });
    expect(byId("workflows", secretCopy)).toMatchObject({ private_to: null });
    expect(byId("candidacies", graceInOpen)).toMatchObject({
      private_to: ada,
      updated_at: "2026-11-01T10:02:00+00:00",
    });
    expect(byId("workflows", openCopy)).toMatchObject({ private_to: ada, updated_at: "2026-11-01T10:01:00+00:00" });
    const sent = ((tables.change_log ?? []) as LogEntry[]).filter((entry) => entry.op === "put");
    expect(sent.length).toBeGreaterThan(0);
    for (const entry of sent) expect(entry.data).not.toHaveProperty("private_to");
  });

  it("come out the same whichever way the events are cut into batches", async () => {
    const one = await project(1);
    const many = await project(500);
    expect(many.candidacies).toEqual(one.candidacies);
    expect(many.workflows).toEqual(one.workflows);
    const ids = [secret, secretCopy, graceInSecret, open, openCopy, graceInOpen];
    expect(logOf(many, ids)).toEqual(logOf(one, ids));
  });
});
