import { afterAll, beforeAll, expect, it } from "vitest";
import { type E2E, startE2E } from "./harness.ts";
import { PASSWORD, signUpThroughScreens } from "./session.ts";

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

const password = "correct horse battery";

it("signs up in the browser, lands in the app, and keeps the session across a reload", async () => {
  const context = await e2e.newContext();
  const page = await context.newPage();
  await page.goto("/sign_up");
  await page.getByText("CREATE ACCOUNT").waitFor();
  await page.getByRole("textbox", { name: /^Email/ }).fill("browser-user@example.com");
  await page.locator("input[type=password]").nth(0).fill(password);
  const start = page.getByRole("button", { name: "Start" });
  await page.locator("input[type=password]").nth(1).fill("something else");
  expect(await start.isDisabled()).toBe(true);
  await page.locator("input[type=password]").nth(1).fill(password);
  await start.click();
  await page.waitForURL("**/workspaces/me/projects");
  expect(await page.evaluate(() => localStorage.getItem("uid"))).toBe("browser-user@example.com");
  await page.reload();
  await page.waitForURL("**/workspaces/me/projects");
  await context.close();
});

it("sends an expired session to /sign_in with 'Session expired.' once", async () => {
  const context = await e2e.newContext();
  const page = await context.newPage();
  await page.goto("/sign_in");
  await page.evaluate(() => {
    localStorage.setItem("access-token", "forged");
    localStorage.setItem("client", "forged");
    localStorage.setItem("uid", "browser-user@example.com");
    localStorage.setItem("expiry", String(Math.floor(Date.now() / 1000) + 3600));
  });
  await page.goto("/workspaces/me/projects");
  await page.waitForURL("**/sign_in", { timeout: 5000 });
  await page.getByText("Session expired.").waitFor({ timeout: 5000 });
  await page.reload();
  await page.getByRole("textbox", { name: /^Email/ }).waitFor({ timeout: 5000 });
  expect(await page.getByText("Session expired.").count()).toBe(0);
  await context.close();
});

it("shows a 700 px wide window the mobile warning", async () => {
  const context = await e2e.newContext({ width: 700, height: 900 });
  const page = await context.newPage();
  await page.goto("/sign_up");
  await page.getByRole("textbox", { name: /^Email/ }).fill("narrow@example.com");
  await page.locator("input[type=password]").nth(0).fill(password);
  await page.locator("input[type=password]").nth(1).fill(password);
  await page.getByRole("button", { name: "Start" }).click();
  await page.waitForURL("**/mobile_warning");
  await page.goto("/workspaces/me/projects");
  await page.waitForURL("**/mobile_warning");
  await context.close();
});

it("a failed sign-in's toast does not outlive the next successful sign-in", async () => {
  const first = await e2e.newContext();
  await signUpThroughScreens(await first.newPage(), "toast-user@example.com");
  await first.close();

  const context = await e2e.newContext();
  const page = await context.newPage();
  await page.goto("/sign_in");
  await page.getByRole("textbox", { name: /^Email/ }).fill("toast-user@example.com");
  const passwordInput = page.locator("input[type=password]").first();
  await passwordInput.fill("not the password");
  await passwordInput.press("Enter");
  const toast = page.getByRole("alert").filter({ hasText: "Invalid login credentials" });
  await toast.waitFor();
  // The pointer rests on the toast, which keeps it from closing by itself: only the app takes it away.
  await toast.hover();
  await passwordInput.fill(PASSWORD);
  await passwordInput.press("Enter");
  await page.waitForURL("**/workspaces/me/projects");
  await toast.waitFor({ state: "detached" });
  await context.close();
});
