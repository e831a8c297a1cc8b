import { appendEvents } from "@hirestream/eventstore/testing/append-events.ts";
import { type SmtpAccountServer, startSmtpAccountServer } from "@hirestream/outreach/testing/smtp-account-server.ts";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { postThroughApi } from "./api-setup.ts";
import { eventually } from "./eventually.ts";
import { type E2E, startE2E } from "./harness.ts";
import { signUpThroughScreens } from "./session.ts";
import { createWorkspaceThroughScreens } from "./workspace-screens.ts";

const password = "Sm7p-Pa55word-never-shown";
let e2e: E2E;
let smtp: SmtpAccountServer;
beforeAll(async () => {
  smtp = await startSmtpAccountServer({ username: "jobs@example.com", password });
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
  await smtp?.close();
});

async function serverCredentials(workspaceId: string) {
  return e2e.app.db
    .selectFrom("read.credentials")
    .select(["name", "provider_type", "aliases", "health", "fail_message"])
    .where("workspace_id", "=", workspaceId)
    .orderBy("created_at")
    .execute();
}

const row = (page: Page, email: string) => page.locator(`tr[data-credential="${email}"]`);

async function openRowAction(page: Page, name: string, action: string): Promise<void> {
  await page.getByRole("button", { name: `Actions for ${name}` }).click();
  await page.getByRole("menuitem", { name: action }).click();
}

/** Everything this browser keeps in IndexedDB (the replica and its outbox), as text. */
function indexedDbText(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const dumps: string[] = [];
    for (const info of await indexedDB.databases()) {
      if (!info.name) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(info.name ?? "");
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      for (const store of Array.from(db.objectStoreNames)) {
        const rows = await new Promise<unknown[]>((resolve, reject) => {
          const request = db.transaction(store, "readonly").objectStore(store).getAll();
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
        dumps.push(`${store}: ${JSON.stringify(rows)}`);
      }
      db.close();
    }
    return dumps.join("\n");
  });
}

it("adds the local mailbox, gives it aliases, tests it and removes it", async () => {
  const context = await e2e.newContext();
  const page = await context.newPage();
  await signUpThroughScreens(page, "integrations-local@example.com");
  const workspaceId = await createWorkspaceThroughScreens(page, "Outreach", e2e);
  await page.goto(`/workspaces/${workspaceId}/integrations`);
  await page.getByText("Google and Microsoft mailboxes are not configured on this server.").waitFor();
  await page.getByRole("tab", { name: "Applications" }).click();
  await page.getByText("Coming soon").waitFor();
  await page.getByRole("tab", { name: "Credentials" }).click();

  await page.getByRole("button", { name: "Add credential" }).click();
  const modal = page.getByRole("dialog", { name: "Add credential" });
  await modal.getByText("Local mailbox").click();
  await modal.getByRole("textbox", { name: /^Name/ }).fill("Dev mailbox");
  await modal.getByRole("textbox", { name: /^Email/ }).fill("dev@example.com");
  await modal.getByRole("button", { name: "Add" }).click();
  await modal.waitFor({ state: "detached" });
  await row(page, "dev@example.com").getByText("Local").waitFor();

  await openRowAction(page, "Dev mailbox", "Add Alias");
  const aliases = page.getByRole("dialog", { name: "Edit Povider Aliases" });
  const field = aliases.getByRole("textbox", { name: "Email Aliases" });
  expect(await field.getAttribute("placeholder")).toBe("Emails separated by comma");
  await field.fill("hr@example.com, nope");
  await aliases.getByRole("button", { name: "Save" }).click();
  await aliases.getByText("nope is not a valid email").waitFor();
  await field.fill(" hr@example.com ,jobs@example.com, ");
  await aliases.getByRole("button", { name: "Save" }).click();
  await aliases.waitFor({ state: "detached" });
  await row(page, "dev@example.com").getByText("hr@example.com, jobs@example.com").waitFor();
  expect(
    await eventually(
      () => serverCredentials(workspaceId),
      (rows) => rows[0]?.aliases.length === 2,
    ),
  ).toEqual([
    {
      name: "Dev mailbox",
      provider_type: "local",
      aliases: ["hr@example.com", "jobs@example.com"],
      health: "Pending",
      fail_message: null,
    },
  ]);

  await openRowAction(page, "Dev mailbox", "Test");
  await row(page, "dev@example.com").getByTestId("health").getByText("Tested").waitFor();

  await openRowAction(page, "Dev mailbox", "Remove");
  const confirm = page.getByRole("dialog", { name: "Remove Integration" });
  await confirm.getByText("Once deleted it cannot be recovered").waitFor();
  await confirm.getByRole("button", { name: "Remove" }).click();
  await row(page, "dev@example.com").waitFor({ state: "detached" });
  expect(
    await eventually(
      () => serverCredentials(workspaceId),
      (rows) => rows.length === 0,
    ),
  ).toEqual([]);
  await context.close();
});

it("adds an SMTP mailbox whose password reaches the mail server and nothing the browser keeps or is answered", async () => {
  const context = await e2e.newContext();
  // Every write to IndexedDB is looked at as it happens: a password queued in the outbox even for
  // a moment (and sent and deleted since) would be caught.
  await context.addInitScript((secret: string) => {
    const writes = { all: 0, withSecret: [] as string[] };
    Reflect.set(window, "__indexedDbWrites", writes);
    for (const method of ["add", "put"] as const) {
      const original = IDBObjectStore.prototype[method];
      IDBObjectStore.prototype[method] = function (this: IDBObjectStore, value: unknown, key?: IDBValidKey) {
        writes.all += 1;
        if (JSON.stringify(value ?? null).includes(secret)) writes.withSecret.push(this.name);
        return original.call(this, value, key);
      };
    }
  }, password);
  const page = await context.newPage();
  const answers: string[] = [];
  page.on("response", (response) => {
    if (new URL(response.url()).pathname.startsWith("/api/")) {
      answers.push(`${response.url()}`);
      void response.text().then(
        (body) => answers.push(body),
        () => undefined,
      );
    }
  });
  const frames: string[] = [];
  page.on("websocket", (socket) => socket.on("framereceived", (frame) => frames.push(String(frame.payload))));
  await signUpThroughScreens(page, "integrations-smtp@example.com");
  const workspaceId = await createWorkspaceThroughScreens(page, "Outreach", e2e);
  await page.goto(`/workspaces/${workspaceId}/integrations`);
  const add = async (name: string, email: string, secret: string) => {
    await page.getByRole("button", { name: "Add credential" }).click();
    const modal = page.getByRole("dialog", { name: "Add credential" });
    await modal.getByRole("textbox", { name: /^Name/ }).fill(name);
    await modal.getByRole("textbox", { name: /^Email/ }).fill(email);
    await modal.getByRole("textbox", { name: /^SMTP host/ }).fill("127.0.0.1");
    await modal.getByRole("textbox", { name: /^Port/ }).fill(String(smtp.port));
    await modal.getByRole("textbox", { name: /^Username/ }).fill("jobs@example.com");
    await modal.getByLabel(/^Password/).fill(secret);
    await modal.getByRole("button", { name: "Add" }).click();
    await modal.waitFor({ state: "detached" });
    await row(page, email).getByText("SMTP").waitFor();
  };
  await add("Recruiting", "jobs@example.com", password);
  await add("Typo", "typo@example.com", "not-the-password");

  await openRowAction(page, "Recruiting", "Test");
  await row(page, "jobs@example.com").getByTestId("health").getByText("Tested").waitFor();
  expect(smtp.offered).toContain(password);

  await openRowAction(page, "Typo", "Test");
  const failed = row(page, "typo@example.com");
  await failed.getByTestId("health").getByText("Error").waitFor();
  expect(await failed.getByTestId("fail-message").textContent()).toMatch(/Authentication credentials invalid/);
  await failed.getByLabel("Reconnect").waitFor();

  const writes = await page.evaluate(() => JSON.stringify(Reflect.get(window, "__indexedDbWrites")));
  expect(JSON.parse(writes)).toMatchObject({ withSecret: [] });
  expect(JSON.parse(writes).all).toBeGreaterThan(0);
  const kept = await indexedDbText(page);
  expect(kept).toContain("jobs@example.com");
  expect(kept).not.toContain(password);
  expect(await page.content()).not.toContain(password);
  expect(answers.length).toBeGreaterThan(0);
  expect(answers.filter((answer) => answer.includes(password))).toEqual([]);
  expect(frames.some((frame) => frame.includes("Recruiting"))).toBe(true);
  expect(frames.filter((frame) => frame.includes(password))).toEqual([]);
  await context.close();
});

it("shows a viewer the credentials without the actions that change them", async () => {
  const ownerContext = await e2e.newContext();
  const owner = await ownerContext.newPage();
  await signUpThroughScreens(owner, "integrations-owner@example.com");
  const workspaceId = await createWorkspaceThroughScreens(owner, "Shared outreach", e2e);
  await postThroughApi(owner, `/workspaces/${workspaceId}/providers`, {
    provider_type: "local",
    name: "Team mailbox",
    email: "team@example.com",
  });
  const viewerContext = await e2e.newContext();
  const viewer = await viewerContext.newPage();
  await signUpThroughScreens(viewer, "integrations-viewer@example.com");
  const { id: viewerId } = await e2e.app.db
    .selectFrom("read.users")
    .select("id")
    .where("email", "=", "integrations-viewer@example.com")
    .executeTakeFirstOrThrow();
  await appendEvents(
    e2e.app.store,
    `workspace-${workspaceId}`,
    [{ type: "WorkspaceMemberAdded", data: { workspaceId, userId: viewerId, role: "viewer" } }],
    { occurredAt: new Date().toISOString(), actor: viewerId },
  );
  await viewer.goto(`/workspaces/${workspaceId}/integrations`);
  await row(viewer, "team@example.com").getByText("Team mailbox").waitFor();
  expect(await viewer.getByRole("button", { name: "Actions for Team mailbox" }).count()).toBe(0);
  expect(await viewer.getByRole("button", { name: "Add credential" }).count()).toBe(0);
  // The owner, on the same list, has them.
  await owner.goto(`/workspaces/${workspaceId}/integrations`);
  await owner.getByRole("button", { name: "Actions for Team mailbox" }).waitFor();
  await ownerContext.close();
  await viewerContext.close();
});
