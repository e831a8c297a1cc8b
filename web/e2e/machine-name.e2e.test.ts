import { afterAll, beforeAll, expect, it } from "vitest";
import { type E2E, startE2E } from "./harness.ts";
import { signUpThroughScreens } from "./session.ts";
import { createWorkspaceThroughScreens } from "./workspace-screens.ts";

// A recruiter who opens the app at the machine's name over plain http has no secure context:
// no crypto.randomUUID, no service worker. Everything they do must work all the same.
const host = "recruiting-box.test";

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E({ appHost: host, browserHost: host });
});
afterAll(async () => {
  await e2e?.close();
});

it("signs up and creates a workspace at the machine's name over plain http", async () => {
  const context = await e2e.newContext();
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto("/sign_up");
  expect(await page.evaluate(() => window.isSecureContext)).toBe(false);
  await signUpThroughScreens(page, "machine-name@example.com");
  const workspaceId = await createWorkspaceThroughScreens(page, "Recruiting at the box", e2e);
  await page.goto(`/workspaces/${workspaceId}/home`);
  await page.getByRole("navigation").getByText("Recruiting at the box").first().waitFor();
  expect(await page.getByText("Offline", { exact: true }).count()).toBe(0);
  // No navigator.storage here: persistence is not asked for, and nothing is said about storage.
  expect(await page.evaluate(() => "storage" in navigator)).toBe(false);
  expect(await page.getByTestId("storage-notice").count()).toBe(0);
  expect(errors).toEqual([]);
  await context.close();
});
