import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { eventually } from "./eventually.ts";
import { type E2E, startE2E } from "./harness.ts";
import { goOffline } from "./offline.ts";
import { signInThroughScreens, signUpThroughScreens } from "./session.ts";

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

/** The server's own record, read from the read model: proof the change left the browser. */
async function serverWorkspaceNames(): Promise<string[]> {
  const rows = await e2e.app.db.selectFrom("read.workspaces").select("name").orderBy("name").execute();
  return rows.map((row) => row.name);
}

const row = (page: Page, name: string) =>
  page.getByRole("row").filter({ has: page.getByRole("link", { name, exact: true }) });

async function createWorkspace(page: Page, name: string): Promise<void> {
  await page.getByRole("button", { name: "New workspace" }).first().click();
  await page.getByRole("dialog").getByRole("textbox", { name: /^Name/ }).fill(name);
  await page.getByRole("dialog").getByRole("button", { name: "Create" }).click();
  await row(page, name).waitFor();
}

async function renameWorkspace(page: Page, from: string, to: string): Promise<void> {
  await row(page, from)
    .getByRole("button", { name: `Actions for ${from}` })
    .click();
  await page.getByRole("menuitem", { name: "Edit" }).click();
  const name = page.getByRole("dialog").getByRole("textbox", { name: /^Name/ });
  await name.fill(to);
  await page.getByRole("dialog").getByRole("button", { name: "Update" }).click();
}

it("creates, renames and removes a workspace, with the spec's confirmation", async () => {
  const context = await e2e.newContext();
  const page = await context.newPage();
  await signUpThroughScreens(page, "crud@example.com");
  await page.goto("/workspaces");
  await page.getByText("You have no workspaces yet.").waitFor();

  await page.getByRole("main").getByRole("button", { name: "New workspace" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Create" }).click();
  await page.getByText("This field is required").waitFor();
  await page.getByRole("dialog").getByRole("textbox", { name: /^Name/ }).fill("Sales hiring");
  await page.getByRole("dialog").getByRole("button", { name: "Create" }).click();
  await row(page, "Sales hiring").getByText("New Workspace").waitFor();
  expect(await eventually(serverWorkspaceNames, (names) => names.includes("Sales hiring"))).toContain("Sales hiring");

  await renameWorkspace(page, "Sales hiring", "Engineering hiring");
  await row(page, "Engineering hiring").waitFor();
  expect(await eventually(serverWorkspaceNames, (names) => names.includes("Engineering hiring"))).toEqual([
    "Engineering hiring",
  ]);

  await row(page, "Engineering hiring").getByRole("button", { name: "Actions for Engineering hiring" }).click();
  await page.getByRole("menuitem", { name: "Remove" }).click();
  await page.getByRole("dialog", { name: "Remove Workspace" }).getByRole("button", { name: "Remove" }).click();
  await page.getByText("You have no workspaces yet.").waitFor();
  expect(await eventually(serverWorkspaceNames, (names) => names.length === 0)).toEqual([]);
  await context.close();
});

it("shows one device's changes on another device of the same user, live", async () => {
  const laptop = await e2e.newContext();
  const desktop = await e2e.newContext();
  const first = await laptop.newPage();
  const second = await desktop.newPage();
  await signUpThroughScreens(first, "two-devices@example.com");
  await signInThroughScreens(second, "two-devices@example.com");
  await first.goto("/workspaces");
  await second.goto("/workspaces");
  await second.getByText("You have no workspaces yet.").waitFor();

  await createWorkspace(first, "Design hiring");
  await row(second, "Design hiring").waitFor({ timeout: 5000 });

  await row(first, "Design hiring").getByRole("switch").click();
  await eventually(
    () => row(second, "Design hiring").getByRole("switch").isChecked(),
    (checked) => !checked,
    5000,
  );
  expect(await row(second, "Design hiring").getByRole("switch").isChecked()).toBe(false);
  await laptop.close();
  await desktop.close();
});

it("keeps a rename made offline across a reload, marked pending, and saves it once online", async () => {
  const context = await e2e.newContext();
  const page = await context.newPage();
  await signUpThroughScreens(page, "offline@example.com");
  await page.goto("/workspaces");
  await createWorkspace(page, "Field sales");
  await eventually(serverWorkspaceNames, (names) => names.includes("Field sales"));
  // Let the service worker take control, so that a reload works without the network.
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  await row(page, "Field sales").waitFor();

  await context.setOffline(true);
  await renameWorkspace(page, "Field sales", "Inside sales");
  await row(page, "Inside sales").getByText("Pending").waitFor();
  await page.getByRole("status", { name: /^Offline/ }).waitFor();
  await page.reload();
  await row(page, "Inside sales").getByText("Pending").waitFor();
  expect(await serverWorkspaceNames()).not.toContain("Inside sales");

  // Signing out now would delete the queued rename: the app asks first.
  await page.getByRole("button", { name: /^Account menu of/ }).click();
  await page.getByRole("menuitem", { name: "Logout" }).click();
  const warning = page.getByRole("dialog", { name: "Changes not saved yet" });
  await warning.getByText("1 change has not reached the server yet.", { exact: false }).waitFor();
  await warning.getByRole("button", { name: "Cancel" }).click();

  await context.setOffline(false);
  await row(page, "Inside sales").getByText("Pending").waitFor({ state: "detached", timeout: 15_000 });
  expect(await eventually(serverWorkspaceNames, (names) => names.includes("Inside sales"))).toContain("Inside sales");

  // Nothing pending: sign-out goes straight through and leaves no copy of the data behind.
  await page.getByRole("button", { name: /^Account menu of/ }).click();
  await page.getByRole("menuitem", { name: "Logout" }).click();
  await page.waitForURL("**/sign_in");
  const databases = await page.evaluate(async () => (await indexedDB.databases()).map((database) => database.name));
  expect(databases).not.toContain("hirestream-replica");
  await context.close();
});

it("rolls a change the server refuses back, with the server's error toast", async () => {
  const laptop = await e2e.newContext();
  const phone = await e2e.newContext();
  const first = await laptop.newPage();
  const second = await phone.newPage();
  await signUpThroughScreens(first, "rollback@example.com");
  await first.goto("/workspaces");
  await createWorkspace(first, "Short-lived");
  await signInThroughScreens(second, "rollback@example.com");
  await second.goto("/workspaces");
  await row(second, "Short-lived").waitFor();

  // The second device renames offline while the first removes the workspace for good.
  await goOffline(second);
  await renameWorkspace(second, "Short-lived", "Renamed too late");
  await row(second, "Renamed too late").getByText("Pending").waitFor();
  await row(first, "Short-lived").getByRole("button", { name: "Actions for Short-lived" }).click();
  await first.getByRole("menuitem", { name: "Remove" }).click();
  await first.getByRole("dialog", { name: "Remove Workspace" }).getByRole("button", { name: "Remove" }).click();
  await eventually(serverWorkspaceNames, (names) => !names.includes("Short-lived"));

  await phone.setOffline(false);
  await second.getByRole("alert").filter({ hasText: "Workspace not found" }).waitFor({ timeout: 15_000 });
  await second.getByText("You have no workspaces yet.").waitFor();
  await laptop.close();
  await phone.close();
});
