import type { DomainEvent } from "@hirestream/contracts/events.ts";
import { expect, it } from "vitest";
import { readModelHarness } from "../testing/read-model-harness.ts";

const { given, projected } = readModelHarness();

const ada = "00000000-0000-4000-8000-00000000000a";
const bob = "00000000-0000-4000-8000-00000000000b";
const cy = "00000000-0000-4000-8000-00000000000c";
const dan = "00000000-0000-4000-8000-00000000000d";
const ws = "00000000-0000-4000-8000-0000000000f1";
const backend = "00000000-0000-4000-8000-0000000000a1";
const toWorkspace = "00000000-0000-4000-8000-0000000000e1";
const toProject = "00000000-0000-4000-8000-0000000000e2";
const refused = "00000000-0000-4000-8000-0000000000e3";
const toSecret = "00000000-0000-4000-8000-0000000000e4";

const project = () => projected(2);

const signUp = (userId: string, email: string, firstName = "", lastName = ""): DomainEvent => ({
  type: "UserSignedUp",
  data: { userId, email, passwordHash: "scrypt$x", firstName, lastName, color: "blue" },
});

const invite = (
  invitationId: string,
  fromUserId: string,
  toEmail: string,
  toUserId: string | null,
  invitable: { type: "Workspace" | "Project"; id: string },
): DomainEvent => ({
  type: "InvitationSent",
  data: {
    invitationId,
    fromUserId,
    toEmail,
    toUserId,
    invitableType: invitable.type,
    invitableId: invitable.id,
    workspaceId: ws,
    workspaceRole: "collaborator",
    projectRole: invitable.type === "Project" ? "manager" : null,
    at: "2026-11-03T09:00:00.000Z",
  },
});

const created = (projectId: string, name: string, visible: boolean): DomainEvent => ({
  type: "ProjectCreated",
  data: {
    projectId,
    workspaceId: ws,
    userId: ada,
    name,
    description: null,
    priority: "High",
    status: "Active",
    startDate: null,
    deadline: null,
    visible,
    workflowId: null,
  },
});

interface ChangeLogEntry {
  position: number;
  seq: number;
  scope: string;
  entity: string;
  id: string;
  op: string;
}

const invitationLog = (tables: Record<string, unknown[]>, position: number) =>
  ((tables.change_log ?? []) as ChangeLogEntry[])
    .filter((row) => row.entity === "invitation" && row.position === position)
    .sort((a, b) => a.seq - b.seq)
    .map(({ scope, id, op }) => ({ scope, id, op }));

it("keeps the inviter's and the invitable's names, and answers", async () => {
  await given(`user-${ada}`, "2026-11-01T09:00:00.000Z", [signUp(ada, "ada@example.com", " Ada", "Lovelace ")]);
  await given(`user-${bob}`, "2026-11-01T09:00:00.000Z", [signUp(bob, "bob@example.com")]);
  await given(`user-${dan}`, "2026-11-01T09:00:00.000Z", [signUp(dan, "dan@example.com")]);
  await given(
    `workspace-${ws}`,
    "2026-11-02T09:00:00.000Z",
    [
      {
        type: "WorkspaceCreated",
        data: { workspaceId: ws, name: "Acme", description: "", visible: true, ownerId: ada },
      },
    ],
    ada,
  );
  await given(`project-${backend}`, "2026-11-02T10:00:00.000Z", [created(backend, "Backend", true)], ada);
  const sentToNoAccount = await given(
    `invitation-${toWorkspace}`,
    "2026-11-03T09:00:00.000Z",
    [invite(toWorkspace, ada, "cy@example.com", null, { type: "Workspace", id: ws })],
    ada,
  );
  const sentToDan = await given(
    `invitation-${toProject}`,
    "2026-11-03T09:00:00.000Z",
    [invite(toProject, bob, "dan@example.com", dan, { type: "Project", id: backend })],
    bob,
  );
  await given(
    `invitation-${refused}`,
    "2026-11-03T09:30:00.000Z",
    [invite(refused, ada, "dan@example.com", dan, { type: "Workspace", id: ws })],
    ada,
  );
  await given(
    `invitation-${toProject}`,
    "2026-11-04T09:00:00.000Z",
    [{ type: "InvitationAccepted", data: { invitationId: toProject, userId: dan, at: "2026-11-04T09:00:00.000Z" } }],
    dan,
  );
  await given(
    `invitation-${refused}`,
    "2026-11-04T10:00:00.000Z",
    [{ type: "InvitationRejected", data: { invitationId: refused, userId: dan, at: "2026-11-04T10:00:00.000Z" } }],
    dan,
  );

  const tables = await project();
  expect(tables.invitations).toEqual([
    {
      id: toWorkspace,
      from_user_id: ada,
      from_name: "Ada Lovelace",
      to_email: "cy@example.com",
      to_user_id: null,
      invitable_type: "Workspace",
      invitable_id: ws,
      invitable_name: "Acme",
      workspace_id: ws,
      workspace_role: "collaborator",
      project_role: null,
      status: "waiting",
      created_at: "2026-11-03T09:00:00+00:00",
      updated_at: "2026-11-03T09:00:00+00:00",
    },
    {
      id: toProject,
      from_user_id: bob,
      // No name given at sign-up: the inviter's email stands in.
      from_name: "bob@example.com",
      to_email: "dan@example.com",
      to_user_id: dan,
      invitable_type: "Project",
      invitable_id: backend,
      invitable_name: "Backend",
      workspace_id: ws,
      workspace_role: "collaborator",
      project_role: "manager",
      status: "active",
      created_at: "2026-11-03T09:00:00+00:00",
      updated_at: "2026-11-04T09:00:00+00:00",
    },
    expect.objectContaining({ id: refused, to_user_id: dan, status: "inactive" }),
  ]);
  // Pending in the Access tab of what it opens; in the bell only once it names an account.
  expect(invitationLog(tables, sentToNoAccount)).toEqual([{ scope: `ws:${ws}`, id: toWorkspace, op: "put" }]);
  expect(invitationLog(tables, sentToDan)).toEqual([
    { scope: `proj:${backend}`, id: toProject, op: "put" },
    { scope: `user:${dan}`, id: toProject, op: "put" },
  ]);
});

it("an invitation waiting for an email reaches the account that signs up with it", async () => {
  const signedUp = await given(`user-${cy}`, "2026-11-05T09:00:00.000Z", [signUp(cy, "Cy@Example.com")]);
  const tables = await project();
  expect(tables.invitations).toEqual(
    expect.arrayContaining([
      expect.objectContaining({
        id: toWorkspace,
        to_user_id: cy,
        status: "waiting",
        updated_at: "2026-11-03T09:00:00+00:00",
      }),
    ]),
  );
  expect(invitationLog(tables, signedUp)).toEqual([
    { scope: `ws:${ws}`, id: toWorkspace, op: "put" },
    { scope: `user:${cy}`, id: toWorkspace, op: "put" },
  ]);
});

it("an invitation to a hidden project is logged in the project's scope and the bell, and showing it logs nothing of it", async () => {
  const secret = "00000000-0000-4000-8000-0000000000a2";
  await given(`project-${secret}`, "2026-11-05T10:00:00.000Z", [created(secret, "Quiet search", false)], ada);
  const sentHidden = await given(
    `invitation-${toSecret}`,
    "2026-11-05T11:00:00.000Z",
    [invite(toSecret, ada, "dan@example.com", dan, { type: "Project", id: secret })],
    ada,
  );
  const shown = await given(`project-${secret}`, "2026-11-05T12:00:00.000Z", [
    { type: "ProjectUpdated", data: { projectId: secret, workspaceId: ws, changes: { visible: true } } },
  ]);

  const tables = await project();
  expect(invitationLog(tables, sentHidden)).toEqual([
    { scope: `proj:${secret}`, id: toSecret, op: "put" },
    { scope: `user:${dan}`, id: toSecret, op: "put" },
  ]);
  expect(invitationLog(tables, shown)).toEqual([]);
  expect(tables.invitations).toEqual(
    expect.arrayContaining([
      expect.objectContaining({
        id: toSecret,
        invitable_name: "Quiet search",
        updated_at: "2026-11-05T11:00:00+00:00",
      }),
    ]),
  );
});

it("a withdrawn invitation turns inactive, in the scope of what it opens and of the invitee's bell", async () => {
  const withdrawn = await given(
    `invitation-${toSecret}`,
    "2026-11-05T13:00:00.000Z",
    [{ type: "InvitationWithdrawn", data: { invitationId: toSecret, userId: ada, at: "2026-11-05T13:00:00.000Z" } }],
    ada,
  );
  const tables = await project();
  expect(tables.invitations).toEqual(
    expect.arrayContaining([
      expect.objectContaining({
        id: toSecret,
        status: "inactive",
        to_user_id: dan,
        updated_at: "2026-11-05T13:00:00+00:00",
      }),
    ]),
  );
  expect(invitationLog(tables, withdrawn)).toEqual([
    { scope: "proj:00000000-0000-4000-8000-0000000000a2", id: toSecret, op: "put" },
    { scope: `user:${dan}`, id: toSecret, op: "put" },
  ]);
});

it("removing the project removes its invitations; removing the workspace, the rest", async () => {
  const projectRemoved = await given(`project-${backend}`, "2026-11-06T09:00:00.000Z", [
    { type: "ProjectRemoved", data: { projectId: backend, workspaceId: ws } },
  ]);
  const afterProject = await project();
  expect((afterProject.invitations as { id: string }[]).map((row) => row.id)).toEqual([toWorkspace, refused, toSecret]);
  expect(invitationLog(afterProject, projectRemoved)).toEqual([
    { scope: `proj:${backend}`, id: toProject, op: "del" },
    { scope: `user:${dan}`, id: toProject, op: "del" },
  ]);

  await given(`workspace-${ws}`, "2026-11-06T10:00:00.000Z", [{ type: "WorkspaceRemoved", data: { workspaceId: ws } }]);
  expect((await project()).invitations).toEqual([]);
});
