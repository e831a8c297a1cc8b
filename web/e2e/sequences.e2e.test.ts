import { type CredentialRow, credentialRow } from "@hirestream/contracts/credentials/rows.ts";
import { type SequenceRow, sequenceRow } from "@hirestream/contracts/sequences/rows.ts";
import type { Page, Request } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { credential, sequence, step } from "../src/components/sequences/sequence-fixtures.ts";
import { type E2E, startE2E } from "./harness.ts";
import { signUpThroughScreens } from "./session.ts";
import { createWorkspaceThroughScreens } from "./workspace-screens.ts";

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

/**
 * Puts rows into the page's replica as sync would, under the workspace's scope, then reloads so
 * the screens read them. Used until the server fills the sequences and credentials read models;
 * the server sends each scope's snapshot only once, so rows put after the first sync stay.
 */
async function seedReplica(
  page: Page,
  workspaceId: string,
  rows: { sequences: SequenceRow[]; credentials: CredentialRow[] },
): Promise<void> {
  const parsed = {
    sequences: rows.sequences.map((row) => sequenceRow.parse(row)),
    credentials: rows.credentials.map((row) => credentialRow.parse(row)),
  };
  await page.evaluate(
    async ({ rows, scope }) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const opening = indexedDB.open("hirestream-replica");
        opening.onsuccess = () => resolve(opening.result);
        opening.onerror = () => reject(opening.error);
      });
      const tx = db.transaction(["sequences", "credentials"], "readwrite");
      for (const row of rows.sequences) tx.objectStore("sequences").put({ ...row, scopes: [scope], _pending: 0 });
      for (const row of rows.credentials) tx.objectStore("credentials").put({ ...row, scopes: [scope], _pending: 0 });
      await new Promise((resolve, reject) => {
        tx.oncomplete = resolve;
        tx.onerror = () => reject(tx.error);
      });
      db.close();
    },
    { rows: parsed, scope: `ws:${workspaceId}` },
  );
  await page.reload();
}

const uuid = (prefix: string, n: number) => `${prefix}-0000-4000-8000-${String(n).padStart(12, "0")}`;
const nameButton = (page: Page, name: string) => page.getByRole("main").getByRole("button", { name, exact: true });
const row = (page: Page, name: string) =>
  page.getByRole("row").filter({ has: page.getByRole("button", { name, exact: true }) });

async function openRowAction(page: Page, name: string, action: string): Promise<void> {
  await row(page, name)
    .getByRole("button", { name: `Actions for ${name}` })
    .click();
  await page.getByRole("menuitem", { name: action }).click();
}

it("lists a workspace's sequences page by page, flags missing credentials, removes one and tests one", async () => {
  const context = await e2e.newContext();
  const page = await context.newPage();
  await signUpThroughScreens(page, "sequence-author@example.com");
  const workspaceId = await createWorkspaceThroughScreens(page, "Outreach team");

  // No sequence and no credential yet: the explanation, the way to make one, and New Credential.
  await page.goto(`/workspaces/${workspaceId}/sequences`);
  await page.getByText("No sequences yet.").waitFor();
  await page.getByText("to be able to start messaging").waitFor();
  expect(await page.getByRole("main").getByRole("button", { name: "Sequence" }).count()).toBe(1);
  const newCredential = page.getByRole("link", { name: "New Credential" });
  expect(await newCredential.getAttribute("href")).toBe(`/workspaces/${workspaceId}/integrations`);
  expect(await newCredential.getAttribute("target")).toBe("_blank");

  const mailbox = { ...credential(uuid("c0000000", 1), "Recruiting mailbox"), workspace_id: workspaceId };
  const sequences = Array.from({ length: 11 }, (_, index) =>
    sequence({
      id: uuid("5e000000", index + 1),
      workspace_id: workspaceId,
      name: `Campaign ${String(index + 1).padStart(2, "0")}`,
      steps: [step(1, mailbox.id), step(2, mailbox.id)],
    }),
  );
  const tested = sequence({
    id: uuid("5e000000", 99),
    workspace_id: workspaceId,
    name: "Backend outreach",
    has_write: true,
    steps: [step(1, mailbox.id), step(2, null)],
    payload_fields: {
      defaults: [
        { name: "first_name", used: true },
        { name: "last_name", used: false },
      ],
      customs: [{ name: "pitch", type: "Text area", used: true }],
    },
  });
  await seedReplica(page, workspaceId, { sequences: [...sequences, tested], credentials: [mailbox] });

  // Twelve sequences, ten to a page, by name; a step with no credential shows 'Credencial missing'.
  await nameButton(page, "Backend outreach").waitFor();
  expect(await page.getByRole("link", { name: "Add New Credentials" }).getAttribute("target")).toBe("_blank");
  expect(await page.getByRole("main").getByRole("button", { name: "Sequence", exact: true }).count()).toBe(1);
  expect(await page.getByRole("row").count()).toBe(11);
  await row(page, "Backend outreach").getByText("Credencial missing").waitFor();
  expect(await row(page, "Campaign 01").getByText("Credencial missing").count()).toBe(0);
  await row(page, "Backend outreach").getByRole("img", { name: "Write: yes" }).waitFor();
  await row(page, "Campaign 01").getByRole("img", { name: "Write: no" }).waitFor();
  await row(page, "Backend outreach").getByLabel("2 variables: first_name, pitch").hover();
  await page.getByRole("tooltip", { name: "first_name, pitch" }).waitFor();
  await row(page, "Campaign 01").getByLabel("1 credentials: Recruiting mailbox").hover();
  await page.getByRole("tooltip", { name: "Recruiting mailbox" }).waitFor();
  expect(await nameButton(page, "Campaign 10").count()).toBe(0);
  await page.getByRole("button", { name: "Next page" }).click();
  await nameButton(page, "Campaign 10").waitFor();
  expect(await page.getByRole("row").count()).toBe(3);
  await page.getByRole("button", { name: "First page" }).click();
  await nameButton(page, "Backend outreach").waitFor();
  await page.getByLabel("Rows per page").click();
  await page.getByRole("option", { name: "20" }).click();
  await nameButton(page, "Campaign 11").waitFor();
  expect(await page.getByRole("row").count()).toBe(13);

  // Remove asks first, then the row goes at once and the DELETE leaves through the outbox.
  const deletes: Request[] = [];
  await page.route(`**/api/v1/workspaces/${workspaceId}/sequences/*`, async (route) => {
    deletes.push(route.request());
    // Stands for the server's DELETE route: accepted, nothing to wait for.
    await route.fulfill({ status: 204 });
  });
  await openRowAction(page, "Campaign 03", "Remove");
  const confirm = page.getByRole("dialog", { name: "Remove Sequence" });
  await confirm.getByText("Once deleted it cannot be recovered").waitFor();
  await confirm.getByRole("button", { name: "Remove" }).click();
  await page.getByRole("alert").filter({ hasText: "Sequence deleted" }).waitFor();
  await nameButton(page, "Campaign 03").waitFor({ state: "detached" });
  await expect.poll(() => deletes.length).toBe(1);
  expect(deletes[0]?.method()).toBe("DELETE");
  expect(new URL(deletes[0]?.url() ?? "").pathname).toBe(
    `/api/v1/workspaces/${workspaceId}/sequences/${uuid("5e000000", 3)}`,
  );
  expect(deletes[0]?.headers()["idempotency-key"]).toMatch(/^[0-9a-f-]{36}$/);

  // Test asks a value for each variable in use, all required, then sends them straight to the server.
  const tests: unknown[] = [];
  let answer: { status: number; body: unknown } = {
    status: 422,
    body: { errors: [{ status: "422", detail: "No integration found for this step, please check!" }] },
  };
  await page.route(`**/api/v1/workspaces/${workspaceId}/sequences/${tested.id}/test`, async (route) => {
    tests.push({ method: route.request().method(), body: route.request().postDataJSON() });
    await route.fulfill({ status: answer.status, json: answer.body });
  });
  await openRowAction(page, "Backend outreach", "Test");
  const dialog = page.getByRole("dialog", { name: "Test Sequence" });
  await dialog.getByText("Emails will be sent only to your email address.").waitFor();
  await dialog.getByRole("button", { name: "Test" }).click();
  expect(await dialog.getByText("This field is required").count()).toBe(2);
  expect(tests).toEqual([]);
  await dialog.getByRole("textbox", { name: /^first_name/ }).fill("Ada");
  const pitch = dialog.getByRole("textbox", { name: /^pitch/ });
  expect(await pitch.evaluate((field) => field.tagName)).toBe("TEXTAREA");
  await pitch.fill("We build compilers.\nJoin us.");
  await dialog.getByRole("button", { name: "Test" }).click();
  // A refusal shows the server's words and keeps the dialog open.
  await page.getByRole("alert").filter({ hasText: "No integration found for this step, please check!" }).waitFor();
  answer = { status: 200, body: {} };
  await dialog.getByRole("button", { name: "Test" }).click();
  await page.getByRole("alert").filter({ hasText: "Test sent" }).waitFor();
  await dialog.waitFor({ state: "detached" });
  const sent = { method: "PUT", body: { test_params: { first_name: "Ada", pitch: "We build compilers.\nJoin us." } } };
  expect(tests).toEqual([sent, sent]);

  // A stage of a workflow can start any of the workspace's sequences.
  await page.goto(`/workspaces/${workspaceId}/workflows`);
  await page.getByRole("button", { name: "+ WORKFLOW" }).click();
  const modal = page.getByRole("dialog", { name: "New Workflow" });
  await modal.getByRole("textbox", { name: /^Stage 1/ }).fill("Sourced");
  await modal.getByRole("switch", { name: "Action of stage 1" }).click({ force: true });
  await modal.getByText("Active", { exact: true }).waitFor();
  await modal.getByLabel(/^Sequence/).click();
  await page.getByRole("option", { name: "Backend outreach" }).waitFor();
  expect(await page.getByRole("option", { name: "Campaign 03" }).count()).toBe(0);
  await context.close();
}, 120_000);
