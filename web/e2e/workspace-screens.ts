import type { Page } from "playwright-core";
import { eventually } from "./eventually.ts";
import type { E2E } from "./harness.ts";

/**
 * Creates a workspace with the workspaces screen's 'New workspace' and answers its id. With `e2e`,
 * waits until the server's read model has it too, for tests that go on through the API.
 */
export async function createWorkspaceThroughScreens(page: Page, name: string, e2e?: E2E): Promise<string> {
  await page.goto("/workspaces");
  await page.getByRole("main").getByRole("button", { name: "New workspace" }).click();
  await page.getByRole("dialog").getByRole("textbox", { name: /^Name/ }).fill(name);
  await page.getByRole("dialog").getByRole("button", { name: "Create" }).click();
  const link = page.getByRole("main").getByRole("link", { name, exact: true });
  await link.waitFor();
  const id = /^\/workspaces\/([^/]+)\/home$/.exec((await link.getAttribute("href")) ?? "")?.[1];
  if (!id) throw new Error(`no workspace link for ${name}`);
  if (e2e) {
    await eventually(
      () => e2e.app.db.selectFrom("read.workspaces").select("id").where("id", "=", id).executeTakeFirst(),
      (found) => found !== undefined,
    );
  }
  return id;
}
