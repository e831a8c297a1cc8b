import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { postThroughApi } from "./api-setup.ts";
import { type E2E, startE2E } from "./harness.ts";
import { sessionHeadersOf, signUpThroughScreens } from "./session.ts";
import { createWorkspaceThroughScreens } from "./workspace-screens.ts";

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E({ reactions: true });
});
afterAll(async () => {
  await e2e?.close();
});

/**
 * A project whose second stage, Contacted, starts a two-step sequence asking for a hook, and Grace
 * Hopper imported into its first stage.
 */
async function setUp(page: Page, workspaceId: string): Promise<string> {
  const sequence = await postThroughApi(page, `/workspaces/${workspaceId}/sequences`, {
    name: "First touch",
    payload_fields: { customs: [{ name: "hook", type: "Text" }] },
    steps: [
      { template_subject: "Hi {{first_name}}", template_body: "<p>{{hook}}</p>" },
      { template_subject: "Again", template_body: "<p>Any news?</p>", delay: 1440 },
    ],
  });
  const template = await postThroughApi(page, `/workspaces/${workspaceId}/workflows`, {
    name: "Outreach pipeline",
    stages_attributes: [
      { name: "Sourced" },
      { name: "Contacted", sequence_id: sequence.data.id },
      { name: "Interview" },
    ],
  });
  const projectId = randomUUID();
  await postThroughApi(page, `/workspaces/${workspaceId}/projects`, {
    data: {
      type: "projects",
      id: projectId,
      attributes: { name: "Compilers", priority: "High", status: "Active", workflow_id: template.data.id },
    },
  });
  const imported = await page.request.post("/api/v1/people/import_csv", {
    headers: { ...(await sessionHeadersOf(page)), "idempotency-key": randomUUID() },
    multipart: {
      "data[workspace_id]": workspaceId,
      "data[project_id]": projectId,
      "data[file]": {
        name: "people.csv",
        mimeType: "text/csv",
        buffer: Buffer.from("first_name,last_name,email\nGrace,Hopper,grace@navy.mil"),
      },
    },
  });
  expect(imported.status(), await imported.text()).toBe(200);
  return projectId;
}

const editor = (page: Page) => page.getByRole("textbox", { name: "hook" });

async function openMessageTab(page: Page) {
  await page.getByRole("tab", { name: "Message" }).click();
  await page.getByRole("radiogroup", { name: "Stages" }).getByText("Contacted").waitFor();
}

it("writes a payload, saves it through a bad connection, sends it and exports the stage's analytics", async () => {
  const context = await e2e.newContext();
  const page = await context.newPage();
  await signUpThroughScreens(page, "message-writer@example.com");
  const workspaceId = await createWorkspaceThroughScreens(page, "Outreach team");
  const projectId = await setUp(page, workspaceId);
  await page.goto(`/workspaces/${workspaceId}/project/${projectId}`);

  // Moved into Contacted, Grace gets a run of its sequence and her payload.
  await page.getByRole("combobox", { name: "Stage of Grace Hopper", exact: true }).selectOption({ label: "Contacted" });
  await openMessageTab(page);
  await page.getByText("Select a person to start writing").waitFor();
  const row = page.getByRole("button", { name: "Grace Hopper" });
  await row.getByText("Pending (1)").waitFor({ timeout: 15_000 });
  await page.getByText("1 person").waitFor();
  await row.click();

  // The hook is required and empty: red until written.
  await page.getByText("This field is required").waitFor();
  expect(await page.getByRole("textbox", { name: "first_name" }).inputValue()).toBe("Grace");

  // Offline, the value waits in the outbox: Saving shows, and the payload is a draft at once.
  await context.setOffline(true);
  await editor(page).fill("Loved your talk on compilers");
  await editor(page).press("Tab");
  await page.getByRole("status").getByText("Saving", { exact: true }).waitFor();
  await page.getByRole("button", { name: "Send" }).waitFor();
  expect(await page.getByText("This field is required").count()).toBe(0);
  await context.setOffline(false);
  await page.getByRole("status").getByText("Saving", { exact: true }).waitFor({ state: "detached", timeout: 30_000 });

  // Kept by the server: after a reload the value is still there.
  await page.reload();
  await openMessageTab(page);
  await page.getByRole("button", { name: "Grace Hopper" }).click();
  await expect.poll(() => editor(page).inputValue(), { timeout: 15_000 }).toBe("Loved your talk on compilers");

  // Send: the status table's event, and the payload is on its way.
  await page.getByRole("button", { name: "Send" }).click();
  await page.getByText("Sending", { exact: true }).first().waitFor();
  await page.getByText("Last step 0/2").first().waitFor();
  await e2e.app.reactions?.settle();
  await expect
    .poll(async () => {
      const { rows } = await e2e.app.pool.query<{ n: number }>(
        "select count(*)::int as n from events where type = 'PayloadApproved' and data->>'projectId' = $1",
        [projectId],
      );
      return rows[0]?.n;
    })
    .toBe(1);
  expect(await editor(page).isEditable()).toBe(false);

  // The export: its words while it loads, then the file named after the project plus people.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/export_analytics**", async (route) => {
    await held;
    await route.continue();
  });
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  await page.getByText("Getting messaging analytics ...").waitFor();
  release();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("Compilerspeople_analytics.csv");
  const path = await download.path();
  const csv = await readFile(path, "utf8");
  expect(csv).toContain("Name,Email,Status,Last Step Sent,Last Sent Date,Next Date,Time Zone,Replied,Bounced\r\n");
  expect(csv).toContain("Grace Hopper,grace@navy.mil,Sending,0/2,,,America/Chicago,No,No\r\n");
  await page.getByRole("button", { name: "Export CSV" }).waitFor();

  await context.close();
}, 180_000);
