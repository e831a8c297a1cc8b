import type { Page, Request } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type E2E, startE2E } from "./harness.ts";
import { sessionHeadersOf, signUpThroughScreens } from "./session.ts";
import { createWorkspaceThroughScreens } from "./workspace-screens.ts";

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

/** Calls the API as another client of the page's user would. */
async function callApi(page: Page, method: "POST" | "GET", url: string, payload?: unknown) {
  return e2e.app.app.inject({
    method,
    url,
    headers: {
      ...(await sessionHeadersOf(page)),
      ...(payload === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });
}

const sequenceBody = (name: string, steps: { subject: string; body: string; providerId: string | null }[]) => ({
  data: {
    type: "sequence",
    attributes: {
      name,
      // A custom variable makes the payload one to write (the Write icon).
      payload_fields: {
        customs: steps.some((step) => step.body.includes("{{pitch}}")) ? [{ name: "pitch", type: "Text area" }] : [],
      },
      steps: steps.map((step) => ({
        template_subject: step.subject,
        template_body: step.body,
        provider_id: step.providerId,
      })),
    },
  },
});

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
  const workspaceId = await createWorkspaceThroughScreens(page, "Outreach team", e2e);

  // No sequence and no credential yet: the explanation, the way to make one, and New Credential.
  await page.goto(`/workspaces/${workspaceId}/sequences`);
  await page.getByText("No sequences yet.").waitFor();
  await page.getByText("to be able to start messaging").waitFor();
  expect(await page.getByRole("main").getByRole("button", { name: "Sequence" }).count()).toBe(1);
  const newCredential = page.getByRole("link", { name: "New Credential" });
  expect(await newCredential.getAttribute("href")).toBe(`/workspaces/${workspaceId}/integrations`);
  expect(await newCredential.getAttribute("target")).toBe("_blank");

  // A mailbox and thirteen sequences, made by another client of the same user: they reach this
  // page through the sync socket.
  const added = await callApi(page, "POST", `/api/v1/workspaces/${workspaceId}/providers`, {
    provider_type: "local",
    name: "Recruiting mailbox",
    email: "jobs@example.com",
  });
  expect(added.statusCode, added.body).toBe(201);
  const mailbox: string = added.json().data.id;
  const ids = new Map<string, string>();
  const create = async (name: string, steps: Parameters<typeof sequenceBody>[1]) => {
    const created = await callApi(
      page,
      "POST",
      `/api/v1/workspaces/${workspaceId}/sequences`,
      sequenceBody(name, steps),
    );
    expect(created.statusCode, created.body).toBe(201);
    ids.set(name, created.json().data.id);
  };
  const plain = { subject: "Hello", body: "<p>A role for you</p>", providerId: mailbox };
  for (let index = 1; index <= 11; index++) await create(`Campaign ${String(index).padStart(2, "0")}`, [plain, plain]);
  const greeting = { subject: "Hello {{first_name}}", body: "<p>{{pitch}}</p>", providerId: mailbox };
  await create("Backend outreach", [greeting, { ...plain, providerId: null }]);
  await create("Frontend outreach", [greeting, plain]);

  // Thirteen sequences, ten to a page, by name; a step with no credential shows 'Credencial missing'.
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
  expect(await page.getByRole("row").count()).toBe(4);
  await page.getByRole("button", { name: "First page" }).click();
  await nameButton(page, "Backend outreach").waitFor();
  await page.getByLabel("Rows per page").click();
  await page.getByRole("option", { name: "20" }).click();
  await nameButton(page, "Frontend outreach").waitFor();
  expect(await page.getByRole("row").count()).toBe(14);

  // Remove asks first, then the row goes at once and the DELETE leaves through the outbox.
  const deletes: Request[] = [];
  page.on("request", (request) => {
    if (request.method() === "DELETE") deletes.push(request);
  });
  await openRowAction(page, "Campaign 03", "Remove");
  const confirm = page.getByRole("dialog", { name: "Remove Sequence" });
  await confirm.getByText("Once deleted it cannot be recovered").waitFor();
  await confirm.getByRole("button", { name: "Remove" }).click();
  await page.getByRole("alert").filter({ hasText: "Sequence deleted" }).waitFor();
  await nameButton(page, "Campaign 03").waitFor({ state: "detached" });
  await expect.poll(() => deletes.length).toBe(1);
  expect(new URL(deletes[0]?.url() ?? "").pathname).toBe(
    `/api/v1/workspaces/${workspaceId}/sequences/${ids.get("Campaign 03")}`,
  );
  expect(deletes[0]?.headers()["idempotency-key"]).toMatch(/^[0-9a-f-]{36}$/);
  await expect
    .poll(
      async () =>
        (await callApi(page, "GET", `/api/v1/workspaces/${workspaceId}/sequences/${ids.get("Campaign 03")}`))
          .statusCode,
    )
    .toBe(404);

  // Test asks a value for each variable in use, all required, then sends them to the server, which
  // refuses a sequence with a step that has no credential.
  await openRowAction(page, "Backend outreach", "Test");
  const dialog = page.getByRole("dialog", { name: "Test Sequence" });
  await dialog.getByText("Emails will be sent only to your email address.").waitFor();
  await dialog.getByRole("button", { name: "Test" }).click();
  expect(await dialog.getByText("This field is required").count()).toBe(2);
  await dialog.getByRole("textbox", { name: /^first_name/ }).fill("Ada");
  const pitch = dialog.getByRole("textbox", { name: /^pitch/ });
  expect(await pitch.evaluate((field) => field.tagName)).toBe("TEXTAREA");
  await pitch.fill("We build compilers.\nJoin us.");
  await dialog.getByRole("button", { name: "Test" }).click();
  // A refusal shows the server's words and keeps the dialog open.
  await page.getByRole("alert").filter({ hasText: "No integration found for this step, please check!" }).waitFor();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await dialog.waitFor({ state: "detached" });

  // A sequence whose steps all have a credential is sent, both steps, to the user's own address.
  await openRowAction(page, "Frontend outreach", "Test");
  const again = page.getByRole("dialog", { name: "Test Sequence" });
  await again.getByRole("textbox", { name: /^first_name/ }).fill("Ada");
  await again.getByRole("textbox", { name: /^pitch/ }).fill("We build compilers.");
  await again.getByRole("button", { name: "Test" }).click();
  await page.getByRole("alert").filter({ hasText: "Test sent" }).waitFor();
  await again.waitFor({ state: "detached" });
  const delivered = await e2e.app.db
    .selectFrom("local_mailbox")
    .select(["subject"])
    .where("to_address", "=", "sequence-author@example.com")
    .where("subject", "in", ["Hello Ada", "Hello"])
    .execute();
  expect(delivered.map((mail) => mail.subject).sort()).toEqual(["Hello", "Hello Ada"]);

  // The form opens from the list: the New Sequence button, and a sequence's name for its read-only view.
  await page.getByRole("main").getByRole("button", { name: "Sequence", exact: true }).click();
  const creating = page.getByRole("dialog", { name: "New Sequence" });
  await creating.getByRole("tab", { name: "Start" }).waitFor();
  await page.keyboard.press("Escape");
  await creating.waitFor({ state: "detached" });
  await nameButton(page, "Frontend outreach").click();
  const viewing = page.getByRole("dialog", { name: "Frontend outreach" });
  await viewing.getByRole("tab", { name: "Info" }).waitFor();
  await viewing.getByRole("tab", { name: /Step 2/ }).waitFor();
  await page.keyboard.press("Escape");
  await viewing.waitFor({ state: "detached" });

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
