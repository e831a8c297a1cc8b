import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { CredentialRow } from "@hirestream/contracts/credentials/rows.ts";
import react from "@vitejs/plugin-react";
import type { Page } from "playwright-core";
import { build } from "vite";
import { afterAll, beforeAll, expect, it } from "vitest";
import { z } from "zod";
import { type E2E, startE2E } from "./harness.ts";
import { PASSWORD } from "./session.ts";

let e2e: E2E;
let webRoot: string;
beforeAll(async () => {
  // The form alone, on the app's replica and outbox: the Sequences screen that opens it is built apart.
  webRoot = await mkdtemp(path.join(tmpdir(), "sequence-form-"));
  await build({
    configFile: false,
    root: path.join(import.meta.dirname, "sequence-form-harness"),
    plugins: [react()],
    logLevel: "warn",
    build: { outDir: webRoot, emptyOutDir: true, chunkSizeWarningLimit: 10_000 },
  });
  e2e = await startE2E({ webRoot });
}, 240_000);
afterAll(async () => {
  await e2e?.close();
  if (webRoot) await rm(webRoot, { recursive: true, force: true });
});

/** A user and a workspace made through the API; answers the session to store and the workspace. */
async function signedUpWithWorkspace(page: Page) {
  const email = `seq-${randomUUID()}@example.com`;
  const signUp = await page.request.post("/api/v1/auth", {
    data: { email, password: PASSWORD, password_confirmation: PASSWORD, confirm_success_url: e2e.baseUrl },
  });
  expect(signUp.status()).toBe(200);
  const headers = signUp.headers();
  const session = {
    "access-token": headers["access-token"] ?? "",
    client: headers.client ?? "",
    uid: headers.uid ?? "",
    expiry: headers.expiry ?? "",
  };
  const workspaceId = randomUUID();
  const created = await page.request.post("/api/v1/workspaces", {
    headers: { ...session, "token-type": "Bearer", "idempotency-key": randomUUID() },
    data: { data: { type: "workspaces", id: workspaceId, attributes: { name: "Outreach" } } },
  });
  expect(created.status()).toBeLessThan(300);
  return { session, workspaceId };
}

function credentialOf(workspaceId: string): CredentialRow & { scopes: string[]; _pending: number } {
  const at = new Date().toISOString();
  return {
    id: randomUUID(),
    workspace_id: workspaceId,
    name: "Recruiting",
    email: "jobs@example.com",
    provider_type: "local",
    aliases: ["talent@example.com"],
    health: "Tested",
    fail_message: null,
    daily_limit: 200,
    min_gap_seconds: 60,
    user_id: randomUUID(),
    created_at: at,
    updated_at: at,
    scopes: [`ws:${workspaceId}`],
    _pending: 0,
  };
}

const sentSequence = z.object({
  data: z.object({ type: z.literal("sequences"), id: z.uuid(), attributes: z.record(z.string(), z.unknown()) }),
});

/** The harness page signed in, with one credential in its workspace; `query` names the mode. */
async function openHarness(query: Record<string, string> = {}) {
  const context = await e2e.newContext();
  const page = await context.newPage();
  const { session, workspaceId } = await signedUpWithWorkspace(page);
  await context.addInitScript((values) => {
    for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value);
  }, session);
  await page.goto(`/index.html?${new URLSearchParams({ workspace: workspaceId, ...query })}`);
  await page.getByRole("button", { name: "Open the sequence form" }).waitFor();
  const credential = credentialOf(workspaceId);
  await page.evaluate(async (row) => {
    await window.sequenceFormHarness?.db.credentials.put(row);
  }, credential);
  return { context, page, workspaceId, credential };
}

it("creates a two-step sequence with a custom variable inserted in the body, and sends it to the API", async () => {
  const { context, page, workspaceId, credential } = await openHarness();

  await page.getByRole("button", { name: "Open the sequence form" }).click();
  const modal = page.getByRole("dialog", { name: "New Sequence" });
  const next = modal.getByRole("button", { name: "Next" });
  // The form's code loads on the first open: a poll's second would not always see it come.
  await next.waitFor();
  await expect.poll(() => next.isDisabled()).toBe(true);
  await modal.getByRole("textbox", { name: /^Name/ }).fill("Backend outreach");
  await expect.poll(() => next.isEnabled()).toBe(true);

  const add = modal.getByRole("button", { name: "Add", exact: true });
  await modal.getByRole("textbox", { name: "Variable name" }).fill("  expected salary ");
  await expect.poll(() => add.isDisabled()).toBe(true);
  await modal.getByRole("combobox", { name: "Variable type" }).click();
  await page.getByRole("option", { name: "Text", exact: true }).click();
  await add.click();
  await modal.getByText("expected_salary (Text)").waitFor();

  for (const [index, subject] of ["Hello {{first_name}}", "Following up"].entries()) {
    await next.click();
    const panel = modal.getByRole("tabpanel", { name: `Step ${index + 1}` });
    await panel.getByRole("combobox", { name: /^Credential/ }).click();
    await page.getByRole("option", { name: "Recruiting (jobs@example.com)" }).click();
    await panel.getByRole("textbox", { name: /^Subject/ }).fill(subject);
    if (index === 0) {
      const body = panel.getByRole("textbox", { name: "Body" });
      await body.click();
      await body.pressSequentially("We pay ");
      await panel.getByRole("button", { name: "Insert variable" }).click();
      await page.getByRole("menuitem", { name: "{{expected_salary}}" }).click();
      await body.pressSequentially(" a year.");
    }
  }
  await expect.poll(() => next.count()).toBe(0);

  // The last step has no body yet: + Step stays off, and Finish turns its tab red and stays there.
  const lastTab = modal.getByRole("tab", { name: "Step 2" });
  expect(await modal.getByRole("button", { name: "+ Step" }).isDisabled()).toBe(true);
  await modal.getByRole("button", { name: "Finish" }).click();
  await expect.poll(() => lastTab.getAttribute("data-error")).toBe("true");
  expect(await modal.getByRole("tab", { name: "Finish" }).count()).toBe(0);
  await modal.getByRole("tabpanel", { name: "Step 2" }).getByText("This field is required").waitFor();

  // Pasted text loses its styles and keeps its lines.
  const body = modal.getByRole("tabpanel", { name: "Step 2" }).getByRole("textbox", { name: "Body" });
  await body.click();
  await body.evaluate((element) => {
    const data = new DataTransfer();
    data.setData(
      "text/html",
      '<p style="color:red"><b>Any news?</b></p><p><i style="font-size:30px">Talk soon</i></p>',
    );
    data.setData("text/plain", "Any news?\nTalk soon");
    element.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
  });
  await expect.poll(() => lastTab.getAttribute("data-error")).toBe("false");
  expect(await modal.getByRole("button", { name: "+ Step" }).isEnabled()).toBe(true);

  // A step added takes the previous one's credential and sender, a day later; it can be removed again.
  await modal.getByRole("button", { name: "+ Step" }).click();
  const third = modal.getByRole("tabpanel", { name: "Step 3" });
  expect(await third.getByRole("combobox", { name: /^Credential/ }).inputValue()).toBe("Recruiting (jobs@example.com)");
  expect(await third.getByRole("combobox", { name: /^From/ }).inputValue()).toBe("jobs@example.com");
  await third.getByText("Delay: 1d 0h 0m").waitFor();
  expect(await modal.getByRole("button", { name: "Remove Step 1" }).count()).toBe(0);
  await modal.getByRole("button", { name: "Remove Step 3" }).click();
  expect(await modal.getByRole("tab").allInnerTexts()).toEqual(["Start", "Step 1", "Step 2"]);

  // Finish shows the review; leaving it clears the confirmation, Finish asks again.
  await modal.getByRole("button", { name: "Finish" }).click();
  await modal.getByRole("tab", { name: "Finish" }).waitFor();
  await modal.getByRole("tab", { name: "Step 1" }).click();
  await expect.poll(() => modal.getByRole("tab", { name: "Finish" }).count()).toBe(0);
  await modal.getByRole("tab", { name: "Step 2" }).click();
  await modal.getByRole("button", { name: "Finish" }).click();

  const posted = page.waitForRequest(
    (request) => request.method() === "POST" && request.url().endsWith(`/api/v1/workspaces/${workspaceId}/sequences`),
  );
  await modal.getByRole("button", { name: "Confirm" }).click();
  await page.getByText("Sequence Backend outreach created correctly").waitFor();
  const sent = sentSequence.parse((await posted).postDataJSON());
  expect(sent.data.attributes).toMatchObject({
    name: "Backend outreach",
    has_review: false,
    allow_send_weekend: false,
    allow_send_holiday: false,
    holiday_country: "US",
    timezone: "America/Chicago",
    workspace_id: workspaceId,
    payload_fields: { customs: [{ name: "expected_salary", type: "Text" }] },
  });
  const steps = z
    .array(z.object({ template_body: z.string() }).catchall(z.unknown()))
    .parse(sent.data.attributes.steps);
  expect(steps.map(({ template_body: _body, id: _id, ...step }) => step)).toEqual([
    {
      position: 1,
      name: "Step 1",
      delay: 0,
      template_subject: "Hello {{first_name}}",
      provider_id: credential.id,
      from: "jobs@example.com",
      has_provider_signature: true,
      workday_start: "8am",
      workday_end: "8pm",
    },
    {
      position: 2,
      name: "Step 2",
      delay: 1440,
      template_subject: "Following up",
      provider_id: credential.id,
      from: "jobs@example.com",
      has_provider_signature: true,
      workday_start: "8am",
      workday_end: "8pm",
    },
  ]);
  expect(steps[0]?.template_body).toBe("<p>We pay {{expected_salary}} a year.</p>");
  expect(steps[1]?.template_body).toBe("<p>Any news?</p><p>Talk soon</p>");
  await context.close();
}, 120_000);

function sequenceOf(workspaceId: string, credentialId: string) {
  const at = new Date().toISOString();
  const step = (position: number) => ({
    id: randomUUID(),
    position,
    type: "Step::Message" as const,
    name: `Step ${position}`,
    delay: position === 1 ? 0 : 1440 * 2 + 90,
    template_subject: `Subject ${position}`,
    template_body: `<p>Body ${position}</p>`,
    provider_id: credentialId,
    from: "jobs@example.com",
    has_provider_signature: true,
    workday_start: "8am",
    workday_end: "8pm",
    default_fields: [],
    custom_fields: [],
  });
  return {
    id: randomUUID(),
    workspace_id: workspaceId,
    name: "Saved outreach",
    description: "",
    has_review: true,
    has_write: false,
    allow_send_weekend: false,
    allow_send_holiday: false,
    track_opens: true,
    holiday_country: "US",
    timezone: "America/Chicago",
    payload_fields: { defaults: [], customs: [] },
    steps: [step(1), step(2)],
    user_id: randomUUID(),
    created_at: at,
    updated_at: at,
    scopes: [`ws:${workspaceId}`],
    _pending: 0,
  };
}

it("edits a saved sequence: Info and one tab per step, Save only once something changed, and shows it read-only", async () => {
  const sequenceId = randomUUID();
  for (const mode of ["edit", "view"] as const) {
    const { context, page, workspaceId, credential } = await openHarness({ mode, sequence: sequenceId });
    await page.evaluate(
      async (row) => {
        await window.sequenceFormHarness?.db.sequences.put(row);
      },
      { ...sequenceOf(workspaceId, credential.id), id: sequenceId },
    );
    await page.getByRole("button", { name: "Open the sequence form" }).click();
    const modal = page.getByRole("dialog", { name: "Saved outreach" });
    expect(await modal.getByRole("tab").allInnerTexts()).toEqual(["Info", "Step 1", "Step 2"]);
    await modal.getByRole("tab", { name: "Step 2" }).click();
    const panel = modal.getByRole("tabpanel", { name: "Step 2" });
    await panel.getByText("Delay: 2d 1h 30m").waitFor();
    const subject = panel.getByRole("textbox", { name: /^Subject/ });
    if (mode === "view") {
      expect(await subject.getAttribute("readonly")).not.toBeNull();
      expect(await panel.getByRole("textbox", { name: "Body" }).getAttribute("contenteditable")).toBe("false");
      expect(await modal.getByRole("button", { name: "Save" }).count()).toBe(0);
      expect(await modal.getByRole("button", { name: /Remove Step/ }).count()).toBe(0);
      await context.close();
      continue;
    }
    expect(await modal.getByRole("button", { name: /Remove Step/ }).count()).toBe(0);
    const save = modal.getByRole("button", { name: "Save" });
    await expect.poll(() => save.isDisabled()).toBe(true);
    await subject.fill("Still interested?");
    await expect.poll(() => save.isEnabled()).toBe(true);
    await subject.fill("");
    await expect.poll(() => save.isDisabled()).toBe(true);
    await subject.fill("Still interested?");
    const put = page.waitForRequest(
      (request) =>
        request.method() === "PUT" &&
        request.url().endsWith(`/api/v1/workspaces/${workspaceId}/sequences/${sequenceId}`),
    );
    await save.click();
    await page.getByText("Sequence updated correctly").waitFor();
    const sent = sentSequence.parse((await put).postDataJSON());
    expect(sent.data.id).toBe(sequenceId);
    expect(sent.data.attributes).toMatchObject({ id: sequenceId, name: "Saved outreach", has_review: true });
    const steps = z
      .array(z.object({ template_subject: z.string() }).catchall(z.unknown()))
      .parse(sent.data.attributes.steps);
    expect(steps.map((step) => step.template_subject)).toEqual(["Subject 1", "Still interested?"]);
    expect(steps.every((step) => !("provider_type" in step))).toBe(true);
    await context.close();
  }
}, 120_000);
