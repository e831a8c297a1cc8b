import { expect, it } from "vitest";
import { readModelHarness } from "../testing/read-model-harness.ts";

const { given, projected } = readModelHarness();

const ada = "00000000-0000-4000-8000-00000000000a";
const ws = "00000000-0000-4000-8000-0000000000f1";
const other = "00000000-0000-4000-8000-0000000000f2";
const mailbox = "00000000-0000-4000-8000-0000000000b1";
const gone = "00000000-0000-4000-8000-0000000000b2";
const elsewhere = "00000000-0000-4000-8000-0000000000b3";

const addedIn = (credentialId: string, workspaceId: string) => ({
  type: "CredentialAdded" as const,
  data: {
    credentialId,
    workspaceId,
    userId: ada,
    providerType: "smtp" as const,
    name: "Recruiting",
    email: "jobs@example.com",
    dailyLimit: 400,
    minGapSeconds: 60,
    hasImap: false,
  },
});

interface LogEntry {
  position: number;
  seq: number;
  scope: string;
  entity: string;
  id: string;
  op: string;
  data: unknown;
}

it("keeps one row per credential with its aliases, health and limits, synced to its workspace's scope", async () => {
  const added = await given(`credential-${mailbox}`, "2026-11-05T09:00:00.000Z", [addedIn(mailbox, ws)]);
  const failed = await given(`credential-${mailbox}`, "2026-11-05T09:01:00.000Z", [
    { type: "CredentialFailed", data: { credentialId: mailbox, workspaceId: ws, failMessage: "535 refused" } },
  ]);
  const edited = await given(`credential-${mailbox}`, "2026-11-05T09:02:00.000Z", [
    {
      type: "CredentialAliasesChanged",
      data: { credentialId: mailbox, workspaceId: ws, aliases: ["a@example.com", "b@example.com"] },
    },
    {
      type: "CredentialLimitsChanged",
      data: { credentialId: mailbox, workspaceId: ws, dailyLimit: 50, minGapSeconds: 120 },
    },
    { type: "CredentialRenamed", data: { credentialId: mailbox, workspaceId: ws, name: "Sales" } },
  ]);
  const goneAdded = await given(`credential-${gone}`, "2026-11-05T09:03:00.000Z", [addedIn(gone, ws)]);
  const removed = await given(`credential-${gone}`, "2026-11-05T09:04:00.000Z", [
    { type: "CredentialRemoved", data: { credentialId: gone, workspaceId: ws } },
  ]);
  const elsewhereAdded = await given(`credential-${elsewhere}`, "2026-11-05T09:05:00.000Z", [
    addedIn(elsewhere, other),
  ]);
  const workspaceRemoved = await given(`workspace-${other}`, "2026-11-05T09:06:00.000Z", [
    { type: "WorkspaceRemoved", data: { workspaceId: other } },
  ]);

  const tables = await projected(3);

  expect(tables.credentials).toEqual([
    {
      id: mailbox,
      workspace_id: ws,
      name: "Sales",
      email: "jobs@example.com",
      provider_type: "smtp",
      aliases: ["a@example.com", "b@example.com"],
      health: "Error",
      fail_message: "535 refused",
      daily_limit: 50,
      min_gap_seconds: 120,
      user_id: ada,
      created_at: "2026-11-05T09:00:00+00:00",
      updated_at: "2026-11-05T09:02:00+00:00",
    },
  ]);
  const log = ((tables.change_log ?? []) as LogEntry[])
    .filter((entry) => entry.entity === "credential")
    .sort((a, b) => a.position - b.position || a.seq - b.seq);
  const mailboxEdits = log.filter((entry) => entry.id === mailbox && entry.position !== added);
  expect(mailboxEdits.map((entry) => entry.position)).toContain(failed);
  expect(log.map(({ position, scope, id, op }) => ({ position, scope, id, op }))).toEqual([
    { position: added, scope: `ws:${ws}`, id: mailbox, op: "put" },
    ...mailboxEdits.map(({ position }) => ({ position, scope: `ws:${ws}`, id: mailbox, op: "put" })),
    { position: goneAdded, scope: `ws:${ws}`, id: gone, op: "put" },
    { position: removed, scope: `ws:${ws}`, id: gone, op: "del" },
    { position: elsewhereAdded, scope: `ws:${other}`, id: elsewhere, op: "put" },
    { position: workspaceRemoved, scope: `ws:${other}`, id: elsewhere, op: "del" },
  ]);
  expect(log.filter((entry) => entry.id === mailbox).at(-1)).toMatchObject({
    position: edited,
    data: { name: "Sales", health: "Error", aliases: ["a@example.com", "b@example.com"] },
  });
});

it("clears the failure message once a test passes", async () => {
  const id = "00000000-0000-4000-8000-0000000000b4";
  await given(`credential-${id}`, "2026-11-06T09:00:00.000Z", [
    addedIn(id, ws),
    { type: "CredentialFailed", data: { credentialId: id, workspaceId: ws, failMessage: "refused" } },
    { type: "CredentialTested", data: { credentialId: id, workspaceId: ws } },
  ]);
  const tables = await projected(1);
  expect((tables.credentials as { id: string }[]).find((row) => row.id === id)).toMatchObject({
    health: "Tested",
    fail_message: null,
  });
});

it("turns a credential in Error Pending again once its mailbox is reconnected, and leaves a Tested one as it is", async () => {
  const failing = "00000000-0000-4000-8000-0000000000b5";
  const fine = "00000000-0000-4000-8000-0000000000b6";
  const reconnected = (credentialId: string) => ({
    type: "CredentialReconnected" as const,
    data: { credentialId, workspaceId: ws, userId: ada },
  });
  await given(`credential-${failing}`, "2026-11-07T09:00:00.000Z", [
    addedIn(failing, ws),
    { type: "CredentialFailed", data: { credentialId: failing, workspaceId: ws, failMessage: "invalid_grant" } },
    reconnected(failing),
  ]);
  await given(`credential-${fine}`, "2026-11-07T09:00:00.000Z", [
    addedIn(fine, ws),
    { type: "CredentialTested", data: { credentialId: fine, workspaceId: ws } },
    reconnected(fine),
  ]);
  const rows = (await projected(1)).credentials as { id: string }[];
  expect(rows.find((row) => row.id === failing)).toMatchObject({ health: "Pending", fail_message: null });
  expect(rows.find((row) => row.id === fine)).toMatchObject({ health: "Tested", fail_message: null });
});
