import type { DomainEvent } from "@hirestream/contracts/events.ts";
import { expect, it } from "vitest";
import { readModelHarness } from "../testing/read-model-harness.ts";

const { given, projected } = readModelHarness();

const ada = "00000000-0000-4000-8000-00000000000a";
const ws = "00000000-0000-4000-8000-0000000000f1";
const first = "00000000-0000-4000-8000-0000000000a1";
const second = "00000000-0000-4000-8000-0000000000a2";
const workflow = "00000000-0000-4000-8000-0000000000b1";

const project = () => projected(2);

const created = (projectId: string, name: string): DomainEvent => ({
  type: "ProjectCreated",
  data: {
    projectId,
    workspaceId: ws,
    userId: ada,
    name,
    description: null,
    priority: "Medium",
    status: "Active",
    startDate: "2026-12-01",
    deadline: null,
    visible: true,
    workflowId: null,
  },
});

it("projects a project's life, keeps the workspace's count and syncs each project in a scope of its own", async () => {
  await given(`workspace-${ws}`, "2026-11-02T10:00:00.000Z", [
    { type: "WorkspaceCreated", data: { workspaceId: ws, name: "Acme", description: "", visible: true, ownerId: ada } },
    { type: "WorkspaceMemberAdded", data: { workspaceId: ws, userId: ada, role: "owner" } },
  ]);
  const made = await given(`project-${first}`, "2026-11-03T09:00:00.000Z", [created(first, "Backend")]);
  await given(`project-${second}`, "2026-11-03T09:30:00.000Z", [created(second, "Design")]);
  await given(`project-${first}`, "2026-11-04T09:00:00.000Z", [
    {
      type: "ProjectUpdated",
      data: {
        projectId: first,
        workspaceId: ws,
        changes: { description: "Two engineers", deadline: "2027-01-31", workflowId: workflow },
      },
    },
    { type: "ProjectStatusChanged", data: { projectId: first, workspaceId: ws, status: "Inactive" } },
  ]);
  const archivedAt = await given(`project-${first}`, "2026-11-05T09:00:00.000Z", [
    { type: "ProjectArchived", data: { projectId: first, workspaceId: ws } },
  ]);
  const removedAt = await given(`project-${second}`, "2026-11-06T09:00:00.000Z", [
    { type: "ProjectRemoved", data: { projectId: second, workspaceId: ws } },
  ]);

  const tables = await project();
  expect(tables.projects).toEqual([
    {
      id: first,
      workspace_id: ws,
      name: "Backend",
      description: "Two engineers",
      priority: "Medium",
      status: "Archived",
      start_date: "2026-12-01",
      deadline: "2027-01-31",
      visible: true,
      workflow_id: workflow,
      user_id: ada,
      created_at: "2026-11-03T09:00:00+00:00",
      updated_at: "2026-11-05T09:00:00+00:00",
    },
  ]);
  expect(tables.workspaces).toEqual([expect.objectContaining({ id: ws, updated_at: "2026-11-02T10:00:00+00:00" })]);
  const log = (
    (tables.change_log ?? []) as { position: number; scope: string; entity: string; id: string; op: string }[]
  )
    .filter((row) => row.entity === "project")
    .map(({ position, scope, id, op }) => ({ position, scope, id, op }))
    .sort((a, b) => a.position - b.position);
  expect(log).toEqual(
    expect.arrayContaining([
      { position: made, scope: `proj:${first}`, id: first, op: "put" },
      { position: archivedAt, scope: `proj:${first}`, id: first, op: "put" },
      { position: removedAt, scope: `proj:${second}`, id: second, op: "del" },
    ]),
  );
  expect(log.every((row) => row.scope === `proj:${row.id}`)).toBe(true);
});

it("removing the workspace removes its projects", async () => {
  await given(`workspace-${ws}`, "2026-11-07T09:00:00.000Z", [{ type: "WorkspaceRemoved", data: { workspaceId: ws } }]);
  const tables = await project();
  expect(tables.projects).toEqual([]);
  expect(tables.workspaces).toEqual([]);
});

it("follows the project's workflow: its copy once assigned, none once the copy is let go", async () => {
  const team = "00000000-0000-4000-8000-0000000000f4";
  const backend = "00000000-0000-4000-8000-0000000000a3";
  const copy = "00000000-0000-4000-8000-0000000000b2";
  const template = "00000000-0000-4000-8000-0000000000b3";
  const made = created(backend, "Backend");
  const inTeam: DomainEvent =
    made.type === "ProjectCreated" ? { ...made, data: { ...made.data, workspaceId: team } } : made;
  await given(`project-${backend}`, "2026-11-08T09:00:00.000Z", [inTeam]);
  const assignedAt = await given(`project-${backend}`, "2026-11-08T10:00:00.000Z", [
    {
      type: "ProjectWorkflowAssigned",
      data: { projectId: backend, workspaceId: team, workflowId: copy, templateId: template },
    },
  ]);
  const assigned = await project();
  const rowOf = (tables: Record<string, unknown[]>) =>
    (tables.projects as { id: string }[]).find((row) => row.id === backend);
  expect(rowOf(assigned)).toMatchObject({ workflow_id: copy, updated_at: "2026-11-08T10:00:00+00:00" });

  const unassignedAt = await given(`project-${backend}`, "2026-11-08T11:00:00.000Z", [
    { type: "ProjectWorkflowUnassigned", data: { projectId: backend, workspaceId: team, workflowId: copy } },
  ]);
  const unassigned = await project();
  expect(rowOf(unassigned)).toMatchObject({ workflow_id: null, updated_at: "2026-11-08T11:00:00+00:00" });
  const log = (
    (unassigned.change_log ?? []) as { position: number; entity: string; id: string; op: string; data: unknown }[]
  )
    .filter((row) => row.entity === "project" && row.id === backend)
    .sort((a, b) => a.position - b.position)
    .map(({ position, op, data }) => ({
      position,
      op,
      workflow_id: (data as { workflow_id: string | null }).workflow_id,
    }));
  expect(log.slice(1)).toEqual([
    { position: assignedAt, op: "put", workflow_id: copy },
    { position: unassignedAt, op: "put", workflow_id: null },
  ]);
});
