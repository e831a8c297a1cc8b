import type { Page } from "playwright-core";

export const PASSWORD = "correct horse battery";

/** Signs a new user up through the screens and waits for the app. */
export async function signUpThroughScreens(page: Page, email: string): Promise<void> {
  await page.goto("/sign_up");
  await page.getByRole("textbox", { name: /^Email/ }).fill(email);
  await page.locator("input[type=password]").nth(0).fill(PASSWORD);
  await page.locator("input[type=password]").nth(1).fill(PASSWORD);
  await page.getByRole("button", { name: "Start" }).click();
  await page.waitForURL("**/workspaces/me/projects");
}

/** Signs an existing user in, as another device would. */
export async function signInThroughScreens(page: Page, email: string): Promise<void> {
  await page.goto("/sign_in");
  await page.getByRole("textbox", { name: /^Email/ }).fill(email);
  await page.locator("input[type=password]").nth(0).fill(PASSWORD);
  await page.getByRole("button", { name: "Login" }).click();
  await page.waitForURL("**/workspaces/me/projects");
}

/** The browser's own session headers, to call the API as another client of the same user would. */
export async function sessionHeadersOf(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => ({
    "access-token": localStorage.getItem("access-token") ?? "",
    client: localStorage.getItem("client") ?? "",
    uid: localStorage.getItem("uid") ?? "",
    expiry: localStorage.getItem("expiry") ?? "",
    "token-type": "Bearer",
  }));
}
