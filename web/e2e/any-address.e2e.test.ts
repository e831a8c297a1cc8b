import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type E2E, startE2E } from "./harness.ts";
import { startHostRewritingProxy } from "./host-rewriting-proxy.ts";
import { PASSWORD, sessionHeadersOf } from "./session.ts";

// APP_URL names localhost, as a fresh clone's does; the app is opened at other addresses too.
let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E({ appHost: "localhost" });
});
afterAll(async () => {
  await e2e?.close();
});

async function signUpAt(page: Page, origin: string, email: string): Promise<void> {
  await page.goto(`${origin}/sign_up`);
  await page.getByRole("textbox", { name: /^Email/ }).fill(email);
  await page.locator("input[type=password]").nth(0).fill(PASSWORD);
  await page.locator("input[type=password]").nth(1).fill(PASSWORD);
  await page.getByRole("button", { name: "Start" }).click();
  await page.waitForURL("**/workspaces/me/projects");
}

/** A workspace made by another client of the same user reaches this page only through the sync socket. */
async function workspaceFromElsewhere(page: Page, name: string): Promise<void> {
  const created = await e2e.app.app.inject({
    method: "POST",
    url: "/api/v1/workspaces",
    headers: await sessionHeadersOf(page),
    payload: { name },
  });
  expect(created.statusCode).toBe(201);
}

describe("the app opened at an address other than APP_URL", () => {
  const port = () => new URL(e2e.baseUrl).port;

  for (const host of ["127.0.0.1", "localhost"]) {
    it(`syncs when opened at http://${host}`, async () => {
      const context = await e2e.newContext();
      const page = await context.newPage();
      // The security headers must leave the app whole: nothing it loads is blocked.
      const blocked: string[] = [];
      page.on("console", (message) => {
        if (/Content.Security.Policy/i.test(message.text())) blocked.push(message.text());
      });
      await signUpAt(page, `http://${host}:${port()}`, `any-address-${host}@example.com`);
      await workspaceFromElsewhere(page, `Synced at ${host}`);
      await page.getByRole("navigation").getByText(`Synced at ${host}`).waitFor();
      expect(await page.getByText("Offline", { exact: true }).count()).toBe(0);
      expect(await page.getByText("Not syncing: this address is refused").count()).toBe(0);
      expect(blocked).toEqual([]);
      await context.close();
    });
  }

  it("says in words why it cannot sync when the server refuses the page's address", async () => {
    // Behind this proxy the server sees its own address as Host, so the page's origin is not its own.
    const proxy = await startHostRewritingProxy(new URL(e2e.baseUrl));
    try {
      const context = await e2e.newContext();
      const page = await context.newPage();
      await signUpAt(page, proxy.url, "refused-address@example.com");
      const alert = page.getByRole("alert").filter({ hasText: "Not syncing: this address is refused" });
      await alert.waitFor();
      expect(await alert.getAttribute("aria-label")).toContain(`This server does not accept pages from ${proxy.url}`);
      await context.close();
    } finally {
      await proxy.close();
    }
  });
});
