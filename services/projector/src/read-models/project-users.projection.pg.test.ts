import type { DomainEvent } from "@hirestream/contracts/events.ts";
import { projectUserIdOf } from "@hirestream/contracts/projects/project-user-id.ts";
import { expect, it } from "vitest";
import { readModelHarness } from "../testing/read-model-harness.ts";

const { given, projected } = readModelHarness();

const ada = "00000000-0000-4000-8000-00000000000a";
const bob = "00000000-0000-4000-8000-00000000000b";
const cy = "00000000-0000-4000-8000-00000000000c";
const ws = "00000000-0000-4000-8000-0000000000f1";
const otherWs = "00000000-0000-4000-8000-0000000000f2";
const stage = "00000000-0000-4000-8000-0000000000d1";
const person = "00000000-0000-4000-8000-0000000000e1";

const project = () => projected(2);

const created = (projectId: string, workspaceId = ws, visible = true): DomainEvent => ({
  type: "ProjectCreated",
  data: {
    projectId,
    workspaceId,
    userId: ada,
    name: "Backend",
    description: null,
    priority: "Medium",
    status: "Active",
    startDate: null,
    deadline: null,
    visible,
    workflowId: null,
  },
});

const member = (
  type: "ProjectMemberAdded" | "ProjectMemberRoleChanged",
  projectId: string,
  userId: string,
  role: "owner" | "manager" | "collaborator" | "viewer",
  workspaceId = ws,
): DomainEvent => ({ type, data: { projectId, workspaceId, userId, role } });

interface MemberRow {
  id: string;
  project_id: string;
  workspace_id: string;
  user_id: string;
  role: string;
  first_name: string;
  last_name: string;
  email: string;
  last_activity: string | null;
  created_at: string;
  updated_at: string;
}

const membersOf = (tables: Record<string, unknown[]>, projectId: string) =>
  ((tables.project_users ?? []) as MemberRow[]).filter((row) => row.project_id === projectId);

interface ChangeLogEntry {
  position: number;
  seq: number;
  scope: string;
  entity: string;
  id: string;
  op: string;
}

const memberLog = (tables: Record<string, unknown[]>, id: string) =>
  ((tables.change_log ?? []) as ChangeLogEntry[])
    .filter((row) => row.entity === "project_user" && row.id === id)
    .sort((a, b) => a.position - b.position || a.seq - b.seq)
    .map(({ position, scope, op }) => ({ position, scope, op }));

it("makes the project's creator its first owner, with their name, synced in the project's scope", async () => {
  const backend = "00000000-0000-4000-8000-0000000000a1";
  await given(`user-${ada}`, "2026-11-03T08:00:00.000Z", [
    {
      type: "UserSignedUp",
      data: {
        userId: ada,
        email: "ada@example.com",
        passwordHash: "x",
        firstName: "Ada",
        lastName: "Quinn",
        color: "blue",
      },
    },
  ]);
  const made = await given(`project-${backend}`, "2026-11-03T09:00:00.000Z", [created(backend)], ada);
  const tables = await project();
  const id = projectUserIdOf(backend, ada);
  expect(membersOf(tables, backend)).toEqual([
    {
      id,
      project_id: backend,
      workspace_id: ws,
      user_id: ada,
      role: "owner",
      first_name: "Ada",
      last_name: "Quinn",
      email: "ada@example.com",
      last_activity: "2026-11-03T09:00:00+00:00",
      created_at: "2026-11-03T09:00:00+00:00",
      updated_at: "2026-11-03T09:00:00+00:00",
    },
  ]);
  expect(memberLog(tables, id)).toEqual([{ position: made, scope: `proj:${backend}`, op: "put" }]);

  // A new name reaches the membership; the membership itself did not change.
  const renamed = await given(`user-${ada}`, "2026-11-03T10:00:00.000Z", [
    {
      type: "UserProfileUpdated",
      data: { userId: ada, firstName: "Ada", lastName: "King", color: "blue", picture: null },
    },
  ]);
  const after = await project();
  expect(membersOf(after, backend)[0]).toMatchObject({ last_name: "King", updated_at: "2026-11-03T09:00:00+00:00" });
  expect(memberLog(after, id).at(-1)).toEqual({ position: renamed, scope: `proj:${backend}`, op: "put" });
});

it("adds members, changes their roles, keeps when they joined and removes them", async () => {
  const design = "00000000-0000-4000-8000-0000000000a2";
  await given(`project-${design}`, "2026-11-04T09:00:00.000Z", [created(design)], ada);
  await given(
    `project-${design}`,
    "2026-11-04T10:00:00.000Z",
    [member("ProjectMemberAdded", design, bob, "viewer"), member("ProjectMemberAdded", design, cy, "viewer")],
    ada,
  );
  await given(`project-${design}`, "2026-11-04T11:00:00.000Z", [
    member("ProjectMemberRoleChanged", design, bob, "collaborator"),
  ]);
  // Added again (a second accepted invitation): the new role, the first joining kept.
  await given(`project-${design}`, "2026-11-04T12:00:00.000Z", [member("ProjectMemberAdded", design, bob, "manager")]);
  const removed = await given(`project-${design}`, "2026-11-04T13:00:00.000Z", [
    { type: "ProjectMemberRemoved", data: { projectId: design, workspaceId: ws, userId: cy } },
  ]);

  const tables = await project();
  expect(membersOf(tables, design).sort((a, b) => a.user_id.localeCompare(b.user_id))).toEqual([
    {
      id: projectUserIdOf(design, ada),
      project_id: design,
      workspace_id: ws,
      user_id: ada,
      role: "owner",
      first_name: "Ada",
      last_name: "King",
      email: "ada@example.com",
      // Adding members is the owner's doing in the project; their own row's role did not change.
      last_activity: "2026-11-04T10:00:00+00:00",
      created_at: "2026-11-04T09:00:00+00:00",
      updated_at: "2026-11-04T09:00:00+00:00",
    },
    {
      id: projectUserIdOf(design, bob),
      project_id: design,
      workspace_id: ws,
      user_id: bob,
      role: "manager",
      first_name: "",
      last_name: "",
      email: "",
      last_activity: null,
      created_at: "2026-11-04T10:00:00+00:00",
      updated_at: "2026-11-04T12:00:00+00:00",
    },
  ]);
  expect(memberLog(tables, projectUserIdOf(design, cy)).at(-1)).toEqual({
    position: removed,
    scope: `proj:${design}`,
    op: "del",
  });
});

it("removing a project removes its members", async () => {
  const gone = "00000000-0000-4000-8000-0000000000a3";
  await given(`project-${gone}`, "2026-11-05T09:00:00.000Z", [created(gone)], ada);
  await given(`project-${gone}`, "2026-11-05T09:30:00.000Z", [member("ProjectMemberAdded", gone, bob, "viewer")], ada);
  const removed = await given(`project-${gone}`, "2026-11-05T10:00:00.000Z", [
    { type: "ProjectRemoved", data: { projectId: gone, workspaceId: ws } },
  ]);
  const tables = await project();
  expect(membersOf(tables, gone)).toEqual([]);
  expect(memberLog(tables, projectUserIdOf(gone, bob)).at(-1)).toEqual({
    position: removed,
    scope: `proj:${gone}`,
    op: "del",
  });
});

it("leaving a workspace takes the user out of its projects, and only its own", async () => {
  const here = "00000000-0000-4000-8000-0000000000a4";
  const there = "00000000-0000-4000-8000-0000000000a5";
  await given(`project-${here}`, "2026-11-06T09:00:00.000Z", [created(here)], ada);
  await given(`project-${there}`, "2026-11-06T09:00:00.000Z", [created(there, otherWs)], ada);
  await given(`project-${here}`, "2026-11-06T09:10:00.000Z", [member("ProjectMemberAdded", here, bob, "viewer")]);
  await given(`project-${there}`, "2026-11-06T09:10:00.000Z", [
    member("ProjectMemberAdded", there, bob, "viewer", otherWs),
  ]);
  await given(
    `workspace-${ws}`,
    "2026-11-06T10:00:00.000Z",
    [{ type: "WorkspaceMemberLeft", data: { workspaceId: ws, userId: bob } }],
    bob,
  );

  const tables = await project();
  expect(membersOf(tables, here).map((row) => row.user_id)).toEqual([ada]);
  expect(
    membersOf(tables, there)
      .map((row) => row.user_id)
      .sort(),
  ).toEqual([ada, bob]);
});

it("keeps when a member last changed something, a minute apart at most, and only a member's doing", async () => {
  const busy = "00000000-0000-4000-8000-0000000000a6";
  const candidacy = "00000000-0000-4000-8000-0000000000c6";
  const moved = (at: string): DomainEvent => ({
    type: "CandidacyMoved",
    data: {
      candidacyId: candidacy,
      projectId: busy,
      workspaceId: ws,
      fromStageId: stage,
      toStageId: stage,
      toStageName: "Sourced",
      at,
    },
  });
  await given(`project-${busy}`, "2026-11-07T09:00:00.000Z", [created(busy)], ada);
  const joined = await given(
    `project-${busy}`,
    "2026-11-07T09:00:00.000Z",
    [member("ProjectMemberAdded", busy, bob, "collaborator")],
    ada,
  );
  const stream = `candidacy-${candidacy}`;
  const firstMove = await given(stream, "2026-11-07T10:00:00.000Z", [moved("2026-11-07T10:00:00.000Z")], bob);
  await given(stream, "2026-11-07T10:00:59.000Z", [moved("2026-11-07T10:00:59.000Z")], bob);
  const minuteLater = await given(
    stream,
    "2026-11-07T10:01:00.000Z",
    [
      {
        type: "CandidacyResponseSet",
        data: { candidacyId: candidacy, projectId: busy, workspaceId: ws, response: "interested" },
      },
    ],
    bob,
  );
  // Not a member of the project, and no one at all: nobody's activity.
  await given(stream, "2026-11-07T11:00:00.000Z", [moved("2026-11-07T11:00:00.000Z")], cy);
  await given(stream, "2026-11-07T12:00:00.000Z", [moved("2026-11-07T12:00:00.000Z")]);

  const tables = await project();
  expect(membersOf(tables, busy).sort((a, b) => a.user_id.localeCompare(b.user_id))).toEqual([
    expect.objectContaining({ user_id: ada, last_activity: "2026-11-07T09:00:00+00:00" }),
    expect.objectContaining({
      user_id: bob,
      last_activity: "2026-11-07T10:01:00+00:00",
      updated_at: "2026-11-07T09:00:00+00:00",
    }),
  ]);
  // The move within the minute wrote nothing to sync.
  expect(memberLog(tables, projectUserIdOf(busy, bob)).map((row) => row.position)).toEqual([
    joined,
    firstMove,
    minuteLater,
  ]);
  expect(membersOf(tables, busy).some((row) => row.user_id === cy)).toBe(false);

  // One event per batch or all of them in one: the same rows and the same change log.
  expect(await projected(1)).toEqual(await projected(1000));
});

it("removing the workspace removes its projects' members", async () => {
  await given(`workspace-${ws}`, "2026-11-08T09:00:00.000Z", [{ type: "WorkspaceRemoved", data: { workspaceId: ws } }]);
  const tables = await project();
  const workspacesLeft = ((tables.project_users ?? []) as MemberRow[]).map((row) => row.workspace_id);
  expect(workspacesLeft).toEqual([otherWs, otherWs]);
});

it("a person added to the project by its owner is the owner's activity", async () => {
  const hiring = "00000000-0000-4000-8000-0000000000a7";
  const candidacy = "00000000-0000-4000-8000-0000000000c7";
  await given(`project-${hiring}`, "2026-11-09T09:00:00.000Z", [created(hiring, otherWs)]);
  await given(
    `candidacy-${candidacy}`,
    "2026-11-09T10:00:00.000Z",
    [
      {
        type: "CandidacyAdded",
        data: {
          candidacyId: candidacy,
          projectId: hiring,
          workspaceId: otherWs,
          personId: person,
          stageId: stage,
          stageName: "Sourced",
          at: "2026-11-09T10:00:00.000Z",
        },
      },
    ],
    ada,
  );
  const tables = await project();
  expect(membersOf(tables, hiring)).toEqual([
    expect.objectContaining({
      user_id: ada,
      last_activity: "2026-11-09T10:00:00+00:00",
      updated_at: "2026-11-09T09:00:00+00:00",
    }),
  ]);
});

it("a hidden project's members are logged in its scope as a visible one's, and showing it logs none of them", async () => {
  const secret = "00000000-0000-4000-8000-0000000000a8";
  const made = await given(`project-${secret}`, "2026-11-10T09:00:00.000Z", [created(secret, otherWs, false)], ada);
  const joined = await given(
    `project-${secret}`,
    "2026-11-10T09:10:00.000Z",
    [member("ProjectMemberAdded", secret, bob, "viewer", otherWs)],
    ada,
  );
  await given(`project-${secret}`, "2026-11-10T10:00:00.000Z", [
    { type: "ProjectUpdated", data: { projectId: secret, workspaceId: otherWs, changes: { visible: true } } },
  ]);

  const tables = await project();
  expect(memberLog(tables, projectUserIdOf(secret, bob))).toEqual([
    { position: joined, scope: `proj:${secret}`, op: "put" },
  ]);
  expect(memberLog(tables, projectUserIdOf(secret, ada))).toEqual([
    { position: made, scope: `proj:${secret}`, op: "put" },
    // Adding Bob is Ada's doing in the project.
    { position: joined, scope: `proj:${secret}`, op: "put" },
  ]);
});
