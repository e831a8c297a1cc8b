import { simpleParser } from "mailparser";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { importThroughApi, postThroughApi, projectThroughApi } from "./api-setup.ts";
import { type E2E, startE2E } from "./harness.ts";
import { signUpThroughScreens } from "./session.ts";
import { createWorkspaceThroughScreens } from "./workspace-screens.ts";

// Issue 14's whole loop in the browser: a sequence with review, a candidate moved into its stage,
// the payload written, made ready, approved and sent by the outreach worker into the local
// mailbox, answered as the candidate, and the candidate replied and moved on by themselves.

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E({ reactions: true });
});
afterAll(async () => {
  await e2e?.close();
});

const mailbox = "talent@acme.example";

/**
 * A local credential; a two-step sequence with review that asks for a hook, any hour of any day;
 * a workflow whose Contacted stage starts it and names Interview for a response; a project with
 * that workflow and Grace Hopper imported into Sourced.
 */
async function setUp(page: Page, workspaceId: string): Promise<string> {
  const credential = await postThroughApi(page, `/workspaces/${workspaceId}/providers`, {
    provider_type: "local",
    name: "Talent team",
    email: mailbox,
  });
  const sending = { provider_id: credential.data.id, from: mailbox, workday_start: "12am", workday_end: "--" };
  const sequence = await postThroughApi(page, `/workspaces/${workspaceId}/sequences`, {
    name: "Compiler engineers",
    has_review: true,
    allow_send_weekend: true,
    allow_send_holiday: true,
    payload_fields: { customs: [{ name: "hook", type: "Text" }] },
    steps: [
      { template_subject: "A role for {{first_name}}", template_body: "<p>{{hook}}</p>", ...sending },
      { template_subject: "A role for {{first_name}}", template_body: "<p>Any news?</p>", delay: 1440, ...sending },
    ],
  });
  const workflow = await postThroughApi(page, `/workspaces/${workspaceId}/workflows`, {
    name: "Outreach pipeline",
    stages_attributes: [
      { position: 1, name: "Sourced" },
      { position: 2, name: "Contacted", sequence_id: sequence.data.id, on_response_stage_position: 3 },
      { position: 3, name: "Interview" },
    ],
  });
  const projectId = await projectThroughApi(page, workspaceId, workflow.data.id);
  await importThroughApi(page, workspaceId, projectId, "first_name,last_name,email\nGrace,Hopper,grace@navy.mil");
  return projectId;
}

const stageOf = (page: Page) => page.getByRole("combobox", { name: "Stage of Grace Hopper", exact: true });

it("sends a reviewed step to the local mailbox, and the candidate's reply marks them replied and moves them on", async () => {
  const context = await e2e.newContext();
  const page = await context.newPage();
  await signUpThroughScreens(page, "outreach-loop@example.com");
  const workspaceId = await createWorkspaceThroughScreens(page, "Outreach team", e2e);
  const projectId = await setUp(page, workspaceId);

  // Moved into Contacted, Grace gets a run of the sequence and a payload to write.
  await page.goto(`/workspaces/${workspaceId}/project/${projectId}`);
  await stageOf(page).selectOption({ label: "Contacted" });
  await page.getByRole("tab", { name: "Message" }).click();
  const grace = page.getByRole("button", { name: "Grace Hopper" });
  // With review, the list opens on Review; a payload still to write is Pending.
  await page.getByText("Pending", { exact: true }).first().click();
  await grace.getByText("Pending (1)").waitFor({ timeout: 15_000 });
  await grace.click();

  // Written, made ready, then approved and sent (the owner may do both).
  const hook = page.getByRole("textbox", { name: "hook" });
  await hook.fill("Your work on COBOL");
  await hook.press("Tab");
  await page.getByRole("status").getByText("Saving", { exact: true }).waitFor({ state: "detached", timeout: 30_000 });
  await page.getByRole("button", { name: "Ready", exact: true }).click();
  await page.getByRole("button", { name: "Send", exact: true }).waitFor({ timeout: 15_000 });
  expect(await deliveredTo("grace@navy.mil")).toBe(0);
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await e2e.app.reactions?.settle();
  await expect.poll(() => deliveredTo("grace@navy.mil"), { timeout: 15_000 }).toBe(1);
  await page.getByText("Last step 1/2").first().waitFor({ timeout: 15_000 });

  // Grace opens step 1 an hour after it went: her mail program fetches its pixel. The payload says
  // Opened, and the dashboard's open rate counts her.
  const pixel = await pixelSentTo("grace@navy.mil");
  const before = e2e.app.clock.now;
  e2e.app.clock.now = new Date(Date.now() + 3_600_000);
  const fetched = await page.request.get(pixel, { headers: { "user-agent": safari } });
  e2e.app.clock.now = before;
  expect(fetched.headers()["content-type"]).toBe("image/gif");
  await page.getByText("Queue", { exact: true }).click();
  await grace.getByText("Opened", { exact: true }).waitFor({ timeout: 15_000 });
  await page.goto(`/workspaces/${workspaceId}/home`);
  const dashboardRow = page
    .getByRole("row")
    .filter({ has: page.getByRole("link", { name: "Compilers", exact: true }) });
  await dashboardRow.locator("[data-stat=open_rate]").getByText("100%", { exact: true }).waitFor({ timeout: 15_000 });

  // Step 1 is in the local mailbox; she answers it.
  await page.goto(`/workspaces/${workspaceId}/integrations`);
  await page.getByRole("link", { name: "Local mailbox" }).click();
  await page.getByRole("table", { name: "Sent messages" }).getByRole("button", { name: "A role for Grace" }).click();
  const shown = page.getByRole("region", { name: "Message" });
  await expect
    .poll(() => shown.frameLocator('iframe[title="Body of A role for Grace"]').locator("body").textContent())
    .toContain("Your work on COBOL");
  await shown.getByRole("button", { name: "Reply as candidate" }).click();
  const dialog = page.getByRole("dialog", { name: "Reply as candidate" });
  await dialog.getByLabel("Reply").fill("Happy to talk on Thursday.");
  // The step's time came from the database's clock: the reply arrives after it.
  e2e.app.clock.now = new Date(Date.now() + 60_000);
  await dialog.getByRole("button", { name: "Send reply" }).click();
  await page.getByText("Delivered as a reply to the sequence").waitFor();
  await e2e.app.reactions?.settle();

  // Replied, and moved to Interview by the reply; step 2 never goes.
  await page.goto(`/workspaces/${workspaceId}/project/${projectId}`);
  await expect.poll(() => stageOf(page).locator("option:checked").textContent(), { timeout: 15_000 }).toBe("Interview");
  await page.getByRole("tab", { name: "Message" }).click();
  await page.getByText("Finished", { exact: true }).click();
  await grace.getByText("Replied", { exact: true }).waitFor({ timeout: 15_000 });
  await grace.click();
  await page.getByLabel("Message thread").getByRole("article", { name: "Reply: Re: A role for Grace" }).waitFor();
  const { rows } = await e2e.app.pool.query<{ type: string }>(
    "select type from events where stream_id like 'processor-%' and data->>'projectId' = $1 order by global_position",
    [projectId],
  );
  expect(rows.filter((row) => row.type === "StepSent")).toHaveLength(1);
  expect(rows.at(-1)?.type).toBe("ReplyReceived");
  expect(await deliveredTo("grace@navy.mil")).toBe(1);

  await context.close();
}, 180_000);

const safari =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15";

/** The path of the tracking pixel in the last message the local mailbox delivered to `address`. */
async function pixelSentTo(address: string): Promise<string> {
  const { rows } = await e2e.app.pool.query<{ mime: string }>(
    "select mime from local_mailbox where to_address = $1 order by created_at desc limit 1",
    [address],
  );
  const parsed = await simpleParser(rows[0]?.mime ?? "");
  const src = /<img\s+src="([^"]+)"/.exec(parsed.html || "")?.[1];
  if (src === undefined) throw new Error(`no tracking pixel in the message to ${address}`);
  const path = new URL(src.replaceAll("&amp;", "&")).pathname;
  return path;
}

async function deliveredTo(address: string): Promise<number> {
  const { rows } = await e2e.app.pool.query<{ n: number }>(
    "select count(*)::int as n from local_mailbox where to_address = $1",
    [address],
  );
  return rows[0]?.n ?? 0;
}
