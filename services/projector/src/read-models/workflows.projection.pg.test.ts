import type { DomainEvent } from "@hirestream/contracts/events.ts";
import { expect, it } from "vitest";
import { readModelHarness } from "../testing/read-model-harness.ts";

const { given, projected } = readModelHarness();

const ada = "00000000-0000-4000-8000-00000000000a";
const ws = "00000000-0000-4000-8000-0000000000f1";
const other = "00000000-0000-4000-8000-0000000000f2";
const flow = "00000000-0000-4000-8000-0000000000d1";
const gone = "00000000-0000-4000-8000-0000000000d2";
const elsewhere = "00000000-0000-4000-8000-0000000000d3";
const stage = (n: number, position = n - 1) => ({
  id: `00000000-0000-4000-8000-0000000000e${n}`,
  name: `Stage ${n}`,
  position,
  description: `Stage ${n}`,
  sequenceId: null,
  onResponseStageId: null,
  onResponseStagePosition: null,
});
const stageRow = (n: number, position = n - 1) => ({
  id: `00000000-0000-4000-8000-0000000000e${n}`,
  name: `Stage ${n}`,
  position,
  description: `Stage ${n}`,
  sequence_id: null,
  on_response_stage_id: null,
  on_response_stage_position: null,
});

const createdIn = (workflowId: string, workspaceId: string): DomainEvent => ({
  type: "WorkflowCreated",
  data: {
    workflowId,
    workspaceId,
    userId: ada,
    name: "Engineering",
    description: "",
    stages: [stage(1), stage(2), stage(3)],
  },
});

it("keeps one row per workflow with its stages in order, synced to its workspace's scope", async () => {
  const created = await given(`workflow-${flow}`, "2026-11-05T09:00:00.000Z", [createdIn(flow, ws)]);
  const edited = await given(`workflow-${flow}`, "2026-11-05T09:01:00.000Z", [
    { type: "WorkflowRenamed", data: { workflowId: flow, workspaceId: ws, name: "Sales" } },
    {
      type: "WorkflowStagesChanged",
      data: { workflowId: flow, workspaceId: ws, stages: [stage(3, 0), stage(1, 1), stage(4, 2)] },
    },
  ]);
  const goneCreated = await given(`workflow-${gone}`, "2026-11-05T09:02:00.000Z", [createdIn(gone, ws)]);
  const removed = await given(`workflow-${gone}`, "2026-11-05T09:03:00.000Z", [
    { type: "WorkflowRemoved", data: { workflowId: gone, workspaceId: ws } },
  ]);
  const elsewhereCreated = await given(`workflow-${elsewhere}`, "2026-11-05T09:04:00.000Z", [
    createdIn(elsewhere, other),
  ]);
  const workspaceRemoved = await given(`workspace-${other}`, "2026-11-05T09:05:00.000Z", [
    { type: "WorkspaceRemoved", data: { workspaceId: other } },
  ]);

  const tables = await projected(3);

  expect(tables.workflows).toEqual([
    {
      id: flow,
      workspace_id: ws,
      name: "Sales",
      description: "",
      assigned_to: "template",
      project_id: null,
      template_id: null,
      stages: [stageRow(3, 0), stageRow(1, 1), stageRow(4, 2)],
      user_id: ada,
      created_at: "2026-11-05T09:00:00+00:00",
      updated_at: "2026-11-05T09:01:00+00:00",
    },
  ]);
  const log = (
    (tables.change_log ?? []) as {
      position: number;
      seq: number;
      scope: string;
      entity: string;
      id: string;
      op: string;
      data: unknown;
    }[]
  )
    .filter((entry) => entry.entity === "workflow")
    .sort((a, b) => a.position - b.position || a.seq - b.seq);
  const flowEdits = log.filter((entry) => entry.id === flow && entry.position !== created);
  // The edit's two events each put the row (a batch may fold them into one put at the last).
  expect(flowEdits.length).toBeGreaterThanOrEqual(1);
  expect(log.map(({ position, scope, id, op }) => ({ position, scope, id, op }))).toEqual([
    { position: created, scope: `ws:${ws}`, id: flow, op: "put" },
    ...flowEdits.map(({ position }) => ({ position, scope: `ws:${ws}`, id: flow, op: "put" })),
    { position: goneCreated, scope: `ws:${ws}`, id: gone, op: "put" },
    { position: removed, scope: `ws:${ws}`, id: gone, op: "del" },
    { position: elsewhereCreated, scope: `ws:${other}`, id: elsewhere, op: "put" },
    { position: workspaceRemoved, scope: `ws:${other}`, id: elsewhere, op: "del" },
  ]);
  expect(log.filter((entry) => entry.id === flow).at(-1)).toMatchObject({
    position: edited,
    data: { name: "Sales", stages: [stageRow(3, 0), stageRow(1, 1), stageRow(4, 2)] },
  });
});

it("keeps a project's copy apart from the templates, with its template, in its project's scope, and drops it with its project", async () => {
  const team = "00000000-0000-4000-8000-0000000000f3";
  const template = "00000000-0000-4000-8000-0000000000d4";
  const copy = "00000000-0000-4000-8000-0000000000d5";
  const kept = "00000000-0000-4000-8000-0000000000d6";
  const backend = "00000000-0000-4000-8000-0000000000c1";
  const design = "00000000-0000-4000-8000-0000000000c2";
  const older = "00000000-0000-4000-8000-0000000000d7";
  const legacy = "00000000-0000-4000-8000-0000000000c3";
  const copyOf = (workflowId: string, projectId: string, templateId?: string): DomainEvent => {
    const created = createdIn(workflowId, team);
    return created.type === "WorkflowCreated"
      ? { ...created, data: { ...created.data, projectId, ...(templateId ? { templateId } : {}) } }
      : created;
  };
  const templateCreated = await given(`workflow-${template}`, "2026-11-06T09:00:00.000Z", [createdIn(template, team)]);
  const copied = await given(`workflow-${copy}`, "2026-11-06T09:01:00.000Z", [copyOf(copy, backend, template)]);
  await given(`workflow-${kept}`, "2026-11-06T09:02:00.000Z", [copyOf(kept, design, template)]);
  // A copy made before its events named the template.
  await given(`workflow-${older}`, "2026-11-06T09:02:30.000Z", [copyOf(older, legacy)]);
  const projectRemoved = await given(`project-${backend}`, "2026-11-06T09:03:00.000Z", [
    { type: "ProjectRemoved", data: { projectId: backend, workspaceId: team } },
  ]);

  const tables = await projected(2);

  const rows = (tables.workflows as { id: string; workspace_id: string }[]).filter((row) => row.workspace_id === team);
  expect(rows).toEqual([
    expect.objectContaining({ id: template, assigned_to: "template", project_id: null, template_id: null }),
    {
      id: kept,
      workspace_id: team,
      name: "Engineering",
      description: "",
      assigned_to: "project",
      project_id: design,
      template_id: template,
      stages: [stageRow(1), stageRow(2), stageRow(3)],
      user_id: ada,
      created_at: "2026-11-06T09:02:00+00:00",
      updated_at: "2026-11-06T09:02:00+00:00",
    },
    expect.objectContaining({ id: older, assigned_to: "project", project_id: legacy, template_id: null }),
  ]);
  const log = (
    (tables.change_log ?? []) as { position: number; scope: string; entity: string; id: string; op: string }[]
  )
    .filter((entry) => entry.entity === "workflow" && [template, copy].includes(entry.id))
    .map(({ position, scope, id, op }) => ({ position, scope, id, op }))
    .sort((a, b) => a.position - b.position);
  expect(log).toEqual([
    { position: templateCreated, scope: `ws:${team}`, id: template, op: "put" },
    { position: copied, scope: `proj:${backend}`, id: copy, op: "put" },
    { position: projectRemoved, scope: `proj:${backend}`, id: copy, op: "del" },
  ]);
});
