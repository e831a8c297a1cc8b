import type { DomainEvent } from "@hirestream/contracts/events.ts";
import { emptyProfile } from "@hirestream/contracts/people/profile.ts";
import { expect, it } from "vitest";
import { readModelHarness } from "../testing/read-model-harness.ts";

const { given, projected } = readModelHarness();

const ada = "00000000-0000-4000-8000-00000000000a";
const bob = "00000000-0000-4000-8000-00000000000b";
const ws = "00000000-0000-4000-8000-0000000000f1";

interface ChangeLogEntry {
  position: number;
  seq: number;
  scope: string;
  entity: string;
  op: string;
  data: unknown;
}

/** The change log in the order the sync hub sends it. */
function changeLogOf(tables: Record<string, unknown[]>): ChangeLogEntry[] {
  const rows = (tables.change_log ?? []) as ChangeLogEntry[];
  return rows.sort((a, b) => a.position - b.position || a.seq - b.seq);
}

const project = () => projected(3);

it("projects users, workspaces, members and the change log from a workspace's life", async () => {
  const signUp = (userId: string, email: string, firstName = ""): DomainEvent => ({
    type: "UserSignedUp",
    data: { userId, email, passwordHash: `hash-${email}`, firstName, lastName: "", color: "pink" },
  });
  await given(`user-${ada}`, "2026-11-01T09:00:00.000Z", [signUp(ada, "ada@example.com", "Ada")]);
  await given(`user-${bob}`, "2026-11-01T09:05:00.000Z", [signUp(bob, "bob@example.com")]);
  const created = await given(`workspace-${ws}`, "2026-11-02T10:00:00.000Z", [
    {
      type: "WorkspaceCreated",
      data: { workspaceId: ws, name: "Acme", description: "New Workspace", visible: true, ownerId: ada },
    },
    { type: "WorkspaceMemberAdded", data: { workspaceId: ws, userId: ada, role: "owner" } },
  ]);
  await given(`workspace-${ws}`, "2026-11-02T10:01:00.000Z", [
    { type: "WorkspaceMemberAdded", data: { workspaceId: ws, userId: bob, role: "viewer" } },
  ]);
  const renamed = await given(`workspace-${ws}`, "2026-11-03T08:00:00.000Z", [
    { type: "WorkspaceRenamed", data: { workspaceId: ws, name: "Acme Hiring" } },
  ]);
  await given(`user-${ada}`, "2026-11-04T08:00:00.000Z", [
    {
      type: "UserPasswordResetRequested",
      data: { userId: ada, tokenHash: "reset-hash", expiresAt: "2026-11-04T14:00:00.000Z" },
    },
  ]);

  const tables = await project();
  expect(tables.users).toEqual([
    {
      id: ada,
      email: "ada@example.com",
      password_hash: "hash-ada@example.com",
      first_name: "Ada",
      last_name: "",
      picture: null,
      color: "pink",
      created_at: "2026-11-01T09:00:00+00:00",
      updated_at: "2026-11-01T09:00:00+00:00",
    },
    expect.objectContaining({ id: bob, email: "bob@example.com" }),
  ]);
  expect(tables.workspaces).toEqual([
    {
      id: ws,
      name: "Acme Hiring",
      description: "New Workspace",
      visible: true,
      user_id: ada,
      created_at: "2026-11-02T10:00:00+00:00",
      updated_at: "2026-11-03T08:00:00+00:00",
    },
  ]);
  // Each membership carries its member's name and email: other members' profiles are not synced.
  expect(tables.workspace_members).toEqual([
    {
      id: `${ws}:${ada}`,
      workspace_id: ws,
      user_id: ada,
      role: "owner",
      first_name: "Ada",
      last_name: "",
      email: "ada@example.com",
      created_at: "2026-11-02T10:00:00+00:00",
    },
    {
      id: `${ws}:${bob}`,
      workspace_id: ws,
      user_id: bob,
      role: "viewer",
      first_name: "",
      last_name: "",
      email: "bob@example.com",
      created_at: "2026-11-02T10:01:00+00:00",
    },
  ]);
  expect(tables.password_resets).toEqual([
    { id: ada, token_hash: "reset-hash", expires_at: "2026-11-04T14:00:00+00:00" },
  ]);

  const log = changeLogOf(tables);
  // Secrets never reach a browser.
  expect(JSON.stringify(log)).not.toContain("hash-");
  expect(JSON.stringify(log)).not.toContain("reset-hash");
  expect(log.filter((row) => row.scope === `ws:${ws}` && row.entity === "workspace")).toEqual([
    expect.objectContaining({ position: created - 1, op: "put", data: expect.objectContaining({ name: "Acme" }) }),
    expect.objectContaining({ position: renamed, op: "put", data: expect.objectContaining({ name: "Acme Hiring" }) }),
  ]);
  expect(log.filter((row) => row.scope === `user:${bob}`).map((row) => row.entity)).toEqual([
    "user",
    "workspace_member",
  ]);
});

it("removing a workspace deletes it and every membership, and tells each member's scope", async () => {
  const removed = await given(`workspace-${ws}`, "2026-11-05T08:00:00.000Z", [
    { type: "WorkspaceRemoved", data: { workspaceId: ws } },
  ]);
  const tables = await project();
  expect(tables.workspaces).toEqual([]);
  expect(tables.workspace_members).toEqual([]);
  const log = changeLogOf(tables);
  expect(log.filter((row) => row.position === removed).map((row) => [row.scope, row.entity, row.op])).toEqual(
    expect.arrayContaining([
      [`ws:${ws}`, "workspace", "del"],
      [`user:${ada}`, "workspace_member", "del"],
      [`user:${bob}`, "workspace_member", "del"],
    ]),
  );
});

it("puts a person in its owner's scope and in each workspace it joins, and edits it everywhere", async () => {
  const person = "00000000-0000-4000-8000-0000000000c1";
  const team = "00000000-0000-4000-8000-0000000000f2";
  const profile = { ...emptyProfile(), first_name: "Maya", email: "maya@example.com" };
  const added = await given(`person-${person}`, "2026-11-05T09:00:00.000Z", [
    { type: "PersonAdded", data: { personId: person, ownerId: ada, profile, workspaceId: null, source: "import" } },
  ]);
  const joined = await given(`person-${person}`, "2026-11-05T09:01:00.000Z", [
    { type: "PersonAddedToWorkspace", data: { personId: person, workspaceId: team } },
  ]);
  const edited = await given(`person-${person}`, "2026-11-05T09:02:00.000Z", [
    {
      type: "PersonProfileChanged",
      data: { personId: person, changes: { title: "Engineer", education: [{ title: "BSc" }] } },
    },
  ]);

  const tables = await project();
  expect(tables.people).toEqual([
    expect.objectContaining({
      id: person,
      owner_id: ada,
      workspace_ids: [team],
      first_name: "Maya",
      title: "Engineer",
      education: [{ title: "BSc" }],
      experience: [],
      updated_at: "2026-11-05T09:02:00+00:00",
    }),
  ]);
  const personLog = changeLogOf(tables).filter((entry) => entry.entity === "person");
  expect(personLog.map(({ position, scope, op }) => ({ position, scope, op }))).toEqual([
    { position: added, scope: `user:${ada}`, op: "put" },
    { position: joined, scope: `user:${ada}`, op: "put" },
    { position: joined, scope: `ws:${team}`, op: "put" },
    { position: edited, scope: `user:${ada}`, op: "put" },
    { position: edited, scope: `ws:${team}`, op: "put" },
  ]);
  expect(personLog.at(-1)?.data).toMatchObject({ title: "Engineer" });
  // Its workspaces stay on the server: browsers take them from the scopes (personSyncRow).
  expect(personLog.filter((entry) => JSON.stringify(entry.data).includes("workspace_ids"))).toEqual([]);
});
