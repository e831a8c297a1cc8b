import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { appendEvents } from "@hirestream/eventstore/testing/append-events.ts";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { importThroughApi, postThroughApi, projectThroughApi } from "./api-setup.ts";
import { type E2E, startE2E } from "./harness.ts";
import { goOffline } from "./offline.ts";
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
 * A project whose second stage, Contacted, starts a two-step sequence asking for a hook, sent from a
 * local credential at any hour, and Grace Hopper and Ada Lovelace imported into its first stage.
 */
async function setUp(page: Page, workspaceId: string): Promise<string> {
  const credential = await postThroughApi(page, `/workspaces/${workspaceId}/providers`, {
    provider_type: "local",
    name: "Talent team",
    email: "talent@acme.example",
  });
  const sending = { provider_id: credential.data.id, workday_start: "12am", workday_end: "--" };
  const sequence = await postThroughApi(page, `/workspaces/${workspaceId}/sequences`, {
    name: "First touch",
    allow_send_weekend: true,
    allow_send_holiday: true,
    payload_fields: { customs: [{ name: "hook", type: "Text" }] },
    steps: [
      { template_subject: "Hi {{first_name}}", template_body: "<p>{{hook}}</p>", ...sending },
      { template_subject: "Again", template_body: "<p>Any news?</p>", delay: 1440, ...sending },
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
  const projectId = await projectThroughApi(page, workspaceId, template.data.id);
  await importThroughApi(
    page,
    workspaceId,
    projectId,
    "first_name,last_name,email\nGrace,Hopper,grace@navy.mil\nAda,Lovelace,ada@example.com",
  );
  return projectId;
}

async function moveToContacted(page: Page, names: string[]) {
  for (const name of names)
    await page.getByRole("combobox", { name: `Stage of ${name}`, exact: true }).selectOption({ label: "Contacted" });
}

async function userIdOf(email: string): Promise<string> {
  const user = await e2e.app.db
    .selectFrom("read.users")
    .select("id")
    .where("email", "=", email)
    .executeTakeFirstOrThrow();
  return user.id;
}

async function payloadIdOf(projectId: string, firstName: string): Promise<string> {
  const payload = await e2e.app.db
    .selectFrom("read.payloads")
    .select("id")
    .where("project_id", "=", projectId)
    .where("first_name", "=", firstName)
    .executeTakeFirstOrThrow();
  return payload.id;
}

/** Makes the user a viewer of the workspace and of the project, as accepted invitations would. */
async function joinAsViewer(workspaceId: string, projectId: string, userId: string) {
  const at = { occurredAt: new Date().toISOString(), actor: userId };
  await appendEvents(
    e2e.app.store,
    `workspace-${workspaceId}`,
    [{ type: "WorkspaceMemberAdded", data: { workspaceId, userId, role: "viewer" } }],
    at,
  );
  await appendEvents(
    e2e.app.store,
    `project-${projectId}`,
    [{ type: "ProjectMemberAdded", data: { projectId, workspaceId, userId, role: "viewer" } }],
    at,
  );
}

/** The candidate answered the step the outreach worker sent her, as the inbound mail is recorded. */
async function recordReply(projectId: string, workspaceId: string, processorId: string) {
  const run = { processorId, projectId, workspaceId };
  const { rows } = await e2e.app.pool.query<{ message_id: string }>(
    "select data->>'messageId' as message_id from events where type = 'StepSent' and stream_id = $1",
    [`processor-${processorId}`],
  );
  const inReplyTo = rows[0]?.message_id;
  if (inReplyTo === undefined) throw new Error("step 1 was not sent");
  const receivedAt = new Date(Date.now() + 60_000).toISOString();
  await appendEvents(
    e2e.app.store,
    `processor-${processorId}`,
    [
      {
        type: "ReplyReceived",
        data: {
          ...run,
          messageId: "<reply-1@navy.mil>",
          from: "grace@navy.mil",
          to: "talent@acme.example",
          subject: "Re: Hi Grace",
          html: "<p>Happy to talk</p>",
          receivedAt,
          inReplyTo,
          afterStop: false,
        },
      },
    ],
    { occurredAt: receivedAt, actor: null },
  );
}

const editor = (page: Page) => page.getByRole("textbox", { name: "hook" });

async function openMessageTab(page: Page) {
  await page.getByRole("tab", { name: "Message" }).click();
  await page.getByRole("radiogroup", { name: "Stages" }).getByText("Contacted").waitFor();
}

it("writes a payload through a bad connection, sends it, exports the stage, shows it read-only to a viewer and Replied once answered", async () => {
  const context = await e2e.newContext();
  const page = await context.newPage();
  await signUpThroughScreens(page, "message-writer@example.com");
  const workspaceId = await createWorkspaceThroughScreens(page, "Outreach team", e2e);
  const projectId = await setUp(page, workspaceId);
  await page.goto(`/workspaces/${workspaceId}/project/${projectId}`);

  // Moved into Contacted, each gets a run of its sequence and a payload.
  await moveToContacted(page, ["Grace Hopper", "Ada Lovelace"]);
  await openMessageTab(page);
  await page.getByText("Select a person to start writing").waitFor();
  const row = page.getByRole("button", { name: "Grace Hopper" });
  await row.getByText("Pending (1)").waitFor({ timeout: 15_000 });
  await page.getByText("2 people").waitFor();
  await row.click();

  // The hook is required and empty: red until written.
  await page.getByText("This field is required").waitFor();
  expect(await page.getByRole("textbox", { name: "first_name" }).inputValue()).toBe("Grace");

  // Offline, the value waits in the outbox: Saving shows, and the payload is a draft at once.
  await goOffline(page);
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

  // Send: the status table's event, and the payload is on its way; the worker sends step 1 at
  // once (any hour, an idle credential) and schedules step 2 a day later.
  await page.getByRole("button", { name: "Send" }).click();
  await page.getByText("Sending", { exact: true }).first().waitFor();
  await e2e.app.reactions?.settle();
  await page.getByText("Last step 1/2").first().waitFor({ timeout: 15_000 });
  await page
    .getByText(/^Next on /)
    .first()
    .waitFor();
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
  expect(csv).toContain(
    "Name,Email,Status,Last Step Sent,Last Sent Date,Next Date,Time Zone,Replied,Bounced,Opened\r\n",
  );
  expect(csv).toContain("Ada Lovelace,ada@example.com,Pending,0/2,,,America/Chicago,No,No,\r\n");
  expect(csv).toMatch(
    /Grace Hopper,grace@navy\.mil,Sending,1\/2,2\d{3}-[^,]+,2\d{3}-[^,]+,America\/Chicago,No,No,No\r\n/,
  );
  await page.getByRole("button", { name: "Export CSV" }).waitFor();

  // A viewer of the project sees the payloads and their fields, and gets no control that writes.
  const viewerContext = await e2e.newContext();
  const viewer = await viewerContext.newPage();
  await signUpThroughScreens(viewer, "message-viewer@example.com");
  await joinAsViewer(workspaceId, projectId, await userIdOf("message-viewer@example.com"));
  await viewer.goto(`/workspaces/${workspaceId}/project/${projectId}`);
  await openMessageTab(viewer);
  await viewer.getByRole("button", { name: "Ada Lovelace" }).click();
  await editor(viewer).waitFor();
  expect(await editor(viewer).isEditable()).toBe(false);
  for (const label of ["Save", "Send", "Ready", "Pause", "Resume", "Retry"])
    expect(await viewer.getByRole("button", { name: label, exact: true }).count()).toBe(0);
  await viewerContext.close();

  // Grace replies: her thread's place says so, with what was written for her, and no editor.
  await recordReply(projectId, workspaceId, await payloadIdOf(projectId, "Grace"));
  await page.getByText("Replied", { exact: true }).first().waitFor({ timeout: 15_000 });
  const thread = page.getByLabel("Message thread");
  await thread.getByText(/^Sent on /).waitFor();
  await thread.getByRole("article", { name: "Sent: Hi Grace" }).waitFor({ timeout: 15_000 });
  await thread.getByRole("article", { name: "Reply: Re: Hi Grace" }).waitFor();
  expect(await page.getByRole("button", { name: "Send" }).count()).toBe(0);
  await page.getByText("Finished", { exact: true }).click();
  await page.getByRole("button", { name: "Grace Hopper" }).getByText("Last step 1/2").waitFor();

  await context.close();
}, 180_000);

it("shows the server's refusal of a Send queued offline as an error, and puts the payload back", async () => {
  const context = await e2e.newContext();
  const page = await context.newPage();
  await signUpThroughScreens(page, "message-refused@example.com");
  const workspaceId = await createWorkspaceThroughScreens(page, "Refusals", e2e);
  const projectId = await setUp(page, workspaceId);
  await page.goto(`/workspaces/${workspaceId}/project/${projectId}`);
  await moveToContacted(page, ["Grace Hopper"]);
  await openMessageTab(page);
  await page.getByRole("button", { name: "Grace Hopper" }).getByText("Pending (1)").waitFor({ timeout: 15_000 });
  await page.getByRole("button", { name: "Grace Hopper" }).click();
  await editor(page).fill("Loved your talk");
  await editor(page).press("Tab");
  await page.getByRole("button", { name: "Send" }).waitFor();
  await page.getByRole("status").getByText("Saving", { exact: true }).waitFor({ state: "detached", timeout: 30_000 });

  // Offline, Send waits in the outbox; meanwhile someone else empties the hook.
  await goOffline(page);
  await page.getByRole("button", { name: "Send" }).click();
  await page.getByText("Sending", { exact: true }).first().waitFor();
  const payloadId = await payloadIdOf(projectId, "Grace");
  const cleared = await page.request.put(
    `/api/v1/workspaces/${workspaceId}/projects/${projectId}/payloads/${payloadId}`,
    {
      headers: { ...(await sessionHeadersOf(page)), "idempotency-key": randomUUID() },
      data: { payload_values: { data: { hook: null } } },
    },
  );
  expect(cleared.status(), await cleared.text()).toBe(200);

  // Back online the server refuses the Send in the status table's words, and the payload is Pending again.
  await context.setOffline(false);
  await page.getByText("event_send is not allowed while the status is Pending").waitFor({ timeout: 30_000 });
  await page.getByText("Pending (1)").first().waitFor({ timeout: 15_000 });
  await context.close();
}, 120_000);
