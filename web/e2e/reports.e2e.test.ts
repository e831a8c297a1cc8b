import { readFile } from "node:fs/promises";
import { appendEvents } from "@hirestream/eventstore/testing/append-events.ts";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { importThroughApi, projectWithWorkflow } from "./api-setup.ts";
import { eventually } from "./eventually.ts";
import { type E2E, startE2E } from "./harness.ts";
import { signUpThroughScreens } from "./session.ts";
import { createWorkspaceThroughScreens } from "./workspace-screens.ts";

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

/** The sidebar with the workspace's submenu open. */
async function openWorkspaceMenu(page: Page, name: string) {
  const nav = page.locator("nav.mantine-AppShell-navbar");
  const entry = nav.getByRole("button", { name, exact: true });
  await entry.waitFor();
  if ((await entry.getAttribute("aria-expanded")) !== "true") await entry.click();
  await nav.getByRole("link", { name: "Projects", exact: true }).waitFor();
  return nav;
}

/** The page's uncaught errors and console errors, for a failure to tell what the screen went through. */
function errorsOf(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(`${error.message}\n${error.stack ?? ""}`));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  return errors;
}

/** Waits for `locator`; if it never shows, fails saying where the page was, what it showed and its errors. */
async function shown(page: Page, locator: Locator, errors: string[]): Promise<void> {
  try {
    await locator.waitFor();
  } catch (error) {
    // The app's text: the body's own begins with Mantine's style sheets.
    const main = await page
      .locator("#root")
      .textContent({ timeout: 1000 })
      .then((text) => text ?? "")
      .catch(() => "(no #root)");
    throw new Error(
      `${String(error)}\nat ${page.url()}\nshowing: ${main.slice(0, 1500)}\nerrors:\n${errors.join("\n")}`,
    );
  }
}

it("shows an owner the workspace's stage funnel as a chart, downloads it as CSV, and says when a period holds nothing", async () => {
  const context = await e2e.newContext();
  const page = await context.newPage();
  const pageErrors = errorsOf(page);
  await signUpThroughScreens(page, "reports-owner@example.com");
  const workspaceId = await createWorkspaceThroughScreens(page, "Acme reports", e2e);
  const projectId = await projectWithWorkflow(page, workspaceId, "=Compilers");
  await importThroughApi(
    page,
    workspaceId,
    projectId,
    "first_name,last_name,email\nAda,Lovelace,ada@example.com\nGrace,Hopper,grace@example.com\n",
  );
  await eventually(
    async () =>
      (
        await e2e.app.pool.query<{ n: number }>(
          "select count(*)::int as n from read.analytics_facts where workspace_id = $1 and kind = 'stage_entered'",
          [workspaceId],
        )
      ).rows[0]?.n,
    (entered) => entered === 2,
  );

  // Reached from the workspace's navigation.
  await page.goto(`/workspaces/${workspaceId}/home`);
  const nav = await openWorkspaceMenu(page, "Acme reports");
  const reportsLink = nav.getByRole("link", { name: "Reports", exact: true });
  expect(await reportsLink.getAttribute("href")).toBe(`/workspaces/${workspaceId}/reports`);
  await reportsLink.click();
  await shown(page, page.getByRole("heading", { name: "Reports", exact: true }), pageErrors);

  const funnel = page.getByRole("region", { name: "Stage funnel" });
  await funnel.locator(".recharts-surface").first().waitFor();
  await expect(funnel.locator(".recharts-bar-rectangle").count()).resolves.toBeGreaterThan(0);
  // Its legend names each series, above the bars and clear of them.
  const legend = funnel.locator(".recharts-legend-wrapper");
  const series = await legend.locator(".mantine-ChartLegend-legendItemName").allTextContents();
  expect(series.sort()).toEqual(["Entered", "Left", "Went on to the next stage"]);
  const legendBottom = await legend.evaluate((element) => element.getBoundingClientRect().bottom);
  const barsTop = await funnel
    .locator(".recharts-bar-rectangle")
    .evaluateAll((bars) => Math.min(...bars.map((bar) => bar.getBoundingClientRect().top)));
  expect(legendBottom).toBeLessThanOrEqual(barsTop);
  await page.getByRole("region", { name: "Time in stage" }).waitFor();
  await page.getByRole("region", { name: "Step performance" }).getByText("No step was sent in this period.").waitFor();

  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download CSV: Stage funnel" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("stage_funnel.csv");
  const csv = await readFile(await download.path(), "utf8");
  expect(csv).toContain(
    "project_id,project_name,stage_position,stage_id,stage_name,entered,left,converted_to_next,conversion_to_next\r\n",
  );
  // The project's name is made formula-safe, as in every CSV of the app; both candidates entered Sourced.
  expect(csv).toMatch(new RegExp(`${projectId},"'=Compilers",1,[0-9a-f-]+,Sourced,2,0,0,0\\r\\n`));

  // Opened afresh, the page's first module asks for the funnel, before the app's code runs, and
  // the page charts that answer rather than ask again.
  const funnelAsked: string[] = [];
  page.on("request", (request) => {
    if (/\/reports\?figures=stage_funnel$/.test(request.url())) funnelAsked.push(request.url());
  });
  await page.reload();
  await funnel.locator(".recharts-bar-rectangle").first().waitFor();
  expect(funnelAsked).toEqual([`${e2e.baseUrl}/api/v1/workspaces/${workspaceId}/reports?figures=stage_funnel`]);
  const askedBeforeTheApp = await page.evaluate(() => {
    const asked = performance.getEntriesByType("resource").find((entry) => entry.name.includes("figures=stage_funnel"));
    const appStarted = performance.getEntriesByName("hirestream:start")[0];
    return asked !== undefined && appStarted !== undefined && asked.startTime < appStarted.startTime;
  });
  expect(askedBeforeTheApp).toBe(true);

  // A period the log has nothing in says so plainly.
  await page.getByRole("textbox", { name: "From" }).fill("2030-01-01");
  await page.getByText("Nothing happened in this period").waitFor();
  await context.close();
});

it("gives a collaborator of the workspace no Reports entry and no reports", async () => {
  const context = await e2e.newContext();
  const page = await context.newPage();
  await signUpThroughScreens(page, "reports-collaborator@example.com");
  const workspace = await e2e.app.db
    .selectFrom("read.workspaces")
    .select("id")
    .where("name", "=", "Acme reports")
    .executeTakeFirstOrThrow();
  const user = await e2e.app.db
    .selectFrom("read.users")
    .select("id")
    .where("email", "=", "reports-collaborator@example.com")
    .executeTakeFirstOrThrow();
  await appendEvents(
    e2e.app.store,
    `workspace-${workspace.id}`,
    [{ type: "WorkspaceMemberAdded", data: { workspaceId: workspace.id, userId: user.id, role: "collaborator" } }],
    { occurredAt: new Date().toISOString(), actor: user.id },
  );
  await page.goto(`/workspaces/${workspace.id}/home`);
  const nav = await openWorkspaceMenu(page, "Acme reports");
  await nav.getByRole("link", { name: "Integrations", exact: true }).waitFor();
  expect(await nav.getByRole("link", { name: "Reports", exact: true }).count()).toBe(0);
  await page.goto(`/workspaces/${workspace.id}/reports`);
  await page.getByText("Only the workspace's owners and managers see its reports.").waitFor();
  await context.close();
});
