import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type E2E, startE2E } from "./harness.ts";
import { signInThroughScreens, signUpThroughScreens } from "./session.ts";

const widthOf = (page: Page, selector: string) =>
  page.locator(selector).evaluate((element) => Math.round(element.getBoundingClientRect().width));

async function newWorkspace(page: Page, name: string): Promise<void> {
  await page.getByRole("navigation").getByRole("button", { name: "New workspace" }).click();
  await page.getByRole("dialog").getByRole("textbox", { name: /^Name/ }).fill(name);
  await page.getByRole("dialog").getByRole("button", { name: "Create" }).click();
  await page.getByRole("link", { name, exact: true }).waitFor();
}

describe("with the sequence feature on", () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it("grows the talent search box on focus and searches on submit", async () => {
    const context = await e2e.newContext();
    const page = await context.newPage();
    await signUpThroughScreens(page, "search@example.com");
    const box = page.getByRole("textbox", { name: "Search for a talent" });
    const width = () => box.evaluate((element) => Math.round(element.getBoundingClientRect().width));
    expect(await width()).toBe(32);
    await box.focus();
    await page.waitForFunction(
      () => document.querySelector("input[aria-label='Search for a talent']")?.getBoundingClientRect().width === 480,
    );
    await box.blur();
    await page.waitForFunction(
      () => document.querySelector("input[aria-label='Search for a talent']")?.getBoundingClientRect().width === 32,
    );
    await box.focus();
    expect(await box.getAttribute("placeholder")).toBe("Search for a talent...");
    await box.fill("data engineer");
    await box.press("Enter");
    await page.waitForURL("**/talent_search?search_by=data%20engineer");
    await context.close();
  });

  it("leads the avatar menu's Chrome Extension entry to the page on installing the extension", async () => {
    const context = await e2e.newContext();
    const page = await context.newPage();
    await signUpThroughScreens(page, "extension@example.com");
    await page.getByRole("button", { name: /^Account menu of/ }).click();
    await page.getByRole("menuitem", { name: "Chrome Extension" }).click();
    await page.waitForURL("**/chrome_extension");
    await page.getByRole("heading", { level: 1, name: "Chrome Extension" }).waitFor();
    expect(await page.getByRole("link", { name: "hirestream-extension.zip" }).getAttribute("href")).toBe(
      "/hirestream-extension.zip",
    );
    await page.getByText("Load unpacked").waitFor();
    await context.close();
  });

  it("collapses the sidebar to 60 px and back to 200 px, remembered across a reload", async () => {
    const context = await e2e.newContext();
    const page = await context.newPage();
    await signUpThroughScreens(page, "sidebar@example.com");
    const navbar = "nav.mantine-AppShell-navbar";
    expect(await widthOf(page, navbar)).toBe(200);
    await page.getByRole("button", { name: "Collapse sidebar" }).click();
    await page.waitForFunction(
      (selector) => document.querySelector(selector)?.getBoundingClientRect().width === 60,
      navbar,
    );
    await page.reload();
    await page.getByRole("button", { name: "Expand sidebar" }).waitFor();
    expect(await widthOf(page, navbar)).toBe(60);
    await page.getByRole("button", { name: "Expand sidebar" }).click();
    await page.waitForFunction(
      (selector) => document.querySelector(selector)?.getBoundingClientRect().width === 200,
      navbar,
    );
    await context.close();
  });

  it("opens one workspace submenu at a time, with Sequences and Integrations enabled", async () => {
    const context = await e2e.newContext();
    const page = await context.newPage();
    await signUpThroughScreens(page, "submenu@example.com");
    await page.goto("/workspaces");
    await newWorkspace(page, "Alpha");
    await newWorkspace(page, "Beta");
    const nav = page.locator("nav.mantine-AppShell-navbar");
    await nav.getByRole("button", { name: "Alpha", exact: true }).click();
    await nav.getByRole("link", { name: "Sequences" }).waitFor();
    expect(await nav.getByRole("link", { name: "Projects" }).count()).toBe(1);
    expect(await nav.getByRole("link", { name: "Sequences" }).getAttribute("data-disabled")).toBeNull();
    await nav.getByRole("button", { name: "Beta", exact: true }).click();
    // Alpha's submenu folds as Beta's opens: one set of entries is shown, Beta's.
    await expect.poll(() => nav.getByRole("link", { name: "Projects" }).count()).toBe(1);
    expect(await nav.getByRole("button", { name: "Alpha", exact: true }).getAttribute("aria-expanded")).toBe("false");
    await nav.getByRole("link", { name: "Projects" }).click();
    await page.waitForURL(/\/workspaces\/[0-9a-f-]+\/projects$/);
    // The breadcrumbs name the workspace by its first two letters.
    await page.getByRole("navigation", { name: "Breadcrumbs" }).getByRole("link", { name: "BE" }).waitFor();
    await context.close();
  });

  it("opens a workspace's entries beside the collapsed sidebar, and shows the open one's as named icons", async () => {
    const context = await e2e.newContext();
    const page = await context.newPage();
    await signUpThroughScreens(page, "rail@example.com");
    await page.goto("/workspaces");
    await newWorkspace(page, "Alpha");
    await page.getByRole("button", { name: "Collapse sidebar" }).click();
    const nav = page.locator("nav.mantine-AppShell-navbar");
    await page.waitForFunction(
      () => document.querySelector("nav.mantine-AppShell-navbar")?.getBoundingClientRect().width === 60,
    );

    // A click on the circle opens the workspace's entries beside the sidebar, each named.
    await nav.getByRole("button", { name: "Alpha", exact: true }).click();
    const flyout = page.getByRole("menu", { name: "Alpha" });
    await flyout.waitFor();
    for (const entry of ["Home", "Projects", "People", "Workflows", "Sequences", "Integrations"]) {
      const item = flyout.getByRole("menuitem", { name: entry, exact: true });
      await item.waitFor();
      expect(await item.locator("svg").count(), entry).toBe(1);
    }
    await flyout.getByRole("menuitem", { name: "People", exact: true }).click();
    await page.waitForURL(/\/workspaces\/[0-9a-f-]+\/people$/);
    await flyout.waitFor({ state: "detached" });

    // The workspace chosen stays open in the sidebar: an icon per entry, named for screen readers
    // and by a tooltip on hover, never a clipped word.
    for (const entry of ["Home", "Projects", "People", "Workflows", "Sequences", "Integrations"]) {
      const link = nav.getByRole("link", { name: entry, exact: true });
      await link.waitFor();
      expect(await link.locator("svg").count(), entry).toBe(1);
      expect((await link.textContent())?.trim(), entry).toBe("");
    }
    await nav.getByRole("link", { name: "Projects", exact: true }).hover();
    await page.getByRole("tooltip", { name: "Projects" }).waitFor();
    await nav.getByRole("link", { name: "Projects", exact: true }).click();
    await page.waitForURL(/\/workspaces\/[0-9a-f-]+\/projects$/);

    // By keyboard: Enter on the circle opens the entries, the arrows walk them, Enter follows one.
    await nav.getByRole("button", { name: "Alpha", exact: true }).focus();
    await page.keyboard.press("Enter");
    await flyout.waitFor();
    // Keys go to the menu once it holds the focus: the menu takes it a moment after it shows, and
    // an arrow pressed before that is lost. Each arrow is then waited for, so none is pressed into
    // a menu still moving (on a busy machine, a lost press ended on another entry).
    await page.waitForFunction(() => document.activeElement?.closest('[role="menu"]') != null);
    for (const entry of ["Home", "Projects", "People"]) {
      await page.keyboard.press("ArrowDown");
      const focused = () => page.evaluate(() => document.activeElement?.textContent?.trim() ?? "");
      await expect.poll(focused).toBe(entry);
    }
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/workspaces\/[0-9a-f-]+\/people$/);
    await context.close();
  }, 60_000);

  it("shows a new name and colour on every device, and signs the other devices out", async () => {
    const laptop = await e2e.newContext();
    const desktop = await e2e.newContext();
    const first = await laptop.newPage();
    const second = await desktop.newPage();
    await signUpThroughScreens(first, "ada@example.com");
    await signInThroughScreens(second, "ada@example.com");
    const avatarOf = (page: Page) => page.getByRole("button", { name: /^Account menu of/ });
    expect(await avatarOf(second).textContent()).toBe("A");

    await first.goto("/account_settings");
    await first.getByRole("textbox", { name: "First name" }).fill("Ada");
    await first.getByRole("textbox", { name: "Last name" }).fill("Lovelace");
    await first.getByRole("radio", { name: "violet" }).check();
    await first.getByRole("button", { name: "Save" }).click();
    await avatarOf(first).getByText("AL").waitFor();
    await second.getByRole("button", { name: "Account menu of Ada Lovelace" }).waitFor({ timeout: 5000 });

    await first.getByRole("button", { name: "Sign out other devices" }).click();
    await first.getByRole("dialog").getByRole("button", { name: "Sign out others" }).click();
    await first.getByText("Signed out 1 other device.").waitFor();
    await second.waitForURL("**/sign_in", { timeout: 10_000 });
    await second.getByText("Session expired.").waitFor();
    await first.reload();
    await avatarOf(first).waitFor();
    expect(first.url()).toContain("/account_settings");
    await laptop.close();
    await desktop.close();
  });
});

describe("with the sequence feature off", () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E({ features: { feature_sequence: false } });
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it("shows Sequences and Integrations disabled", async () => {
    const context = await e2e.newContext();
    const page = await context.newPage();
    await signUpThroughScreens(page, "flag-off@example.com");
    await page.goto("/workspaces");
    await newWorkspace(page, "Gamma");
    const nav = page.locator("nav.mantine-AppShell-navbar");
    await nav.getByRole("button", { name: "Gamma", exact: true }).click();
    await page.waitForFunction(() =>
      document.querySelector("nav a[aria-label='Sequences']")?.hasAttribute("data-disabled"),
    );
    expect(await nav.getByRole("link", { name: "Integrations" }).getAttribute("data-disabled")).not.toBeNull();
    expect(await nav.getByRole("link", { name: "Workflows" }).getAttribute("data-disabled")).toBeNull();
    await context.close();
  });
});
