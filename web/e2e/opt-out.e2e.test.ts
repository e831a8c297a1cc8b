import { randomUUID } from "node:crypto";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { importThroughApi, postThroughApi, projectThroughApi } from "./api-setup.ts";
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

const mailbox = "talent@optout.example";
const candidate = "Grace.Hopper@Navy.mil";

/** A one-step sequence from a local credential, started for Grace Hopper and sent by the outreach worker. */
async function sentStep(page: Page, workspaceId: string) {
  const credential = await postThroughApi(page, `/workspaces/${workspaceId}/providers`, {
    provider_type: "local",
    name: "Talent team",
    email: mailbox,
  });
  const sequence = await postThroughApi(page, `/workspaces/${workspaceId}/sequences`, {
    name: "First touch",
    steps: [
      { template_subject: "A role for {{first_name}}", template_body: "<p>Hello</p>", provider_id: credential.data.id },
    ],
  });
  const template = await postThroughApi(page, `/workspaces/${workspaceId}/workflows`, {
    name: "Outreach pipeline",
    stages_attributes: [
      { position: 1, name: "Sourced", sequence_id: sequence.data.id },
      { position: 2, name: "Contacted" },
      { position: 3, name: "Interview" },
    ],
  });
  const projectId = await projectThroughApi(page, workspaceId, template.data.id);
  await importThroughApi(page, workspaceId, projectId, `first_name,last_name,email\nGrace,Hopper,${candidate}`);
  const headers = await sessionHeadersOf(page);
  await e2e.app.reactions?.settle();
  const { rows } = await e2e.app.pool.query<{ processor_id: string; person_id: string }>(
    "select data->>'processorId' as processor_id, data->>'personId' as person_id from events where type = 'ProcessorStarted' and data->>'projectId' = $1",
    [projectId],
  );
  const run = rows[0];
  if (!run) throw new Error("no run started");
  const approved = await page.request.put(
    `/api/v1/workspaces/${workspaceId}/projects/${projectId}/payloads/${run.processor_id}/event`,
    { headers: { ...headers, "idempotency-key": randomUUID() }, data: { event_name: "event_send" } },
  );
  expect(approved.status(), await approved.text()).toBe(200);
  await e2e.app.reactions?.settle();
  return { personId: run.person_id, headers };
}

it("opts out through the link in a delivered message, marks the person, and a member clears it", async () => {
  const context = await e2e.newContext();
  const page = await context.newPage();
  await signUpThroughScreens(page, "optout-tester@example.com");
  const workspaceId = await createWorkspaceThroughScreens(page, "Opt-out team");
  const { personId, headers } = await sentStep(page, workspaceId);

  // The visible link of the message the local mailbox delivered.
  const listed = await page.request.get(`/api/v1/local_mailbox/messages?to=${encodeURIComponent(candidate)}`, {
    headers,
  });
  const html: string = (await listed.json()).data[0].attributes.html;
  const link = /<a href="([^"]+)"\s*>opt out of these emails<\/a>/.exec(html)?.[1];
  if (link === undefined) throw new Error(`no opt-out link in ${html}`);

  // The candidate's browser, with no session and no script needed: the page asks first.
  const candidateContext = await e2e.newContext();
  const candidatePage = await candidateContext.newPage();
  await candidatePage.goto(link.replaceAll("&amp;", "&"));
  await candidatePage.getByRole("heading", { name: "Opt out of these emails" }).waitFor();
  await candidatePage
    .getByText("Press the button to stop every email sequence to g•••@navy.mil. Nothing changes until you press it.")
    .waitFor();
  await candidatePage.getByRole("button", { name: "Opt out" }).click();
  await candidatePage.getByRole("heading", { name: "You have opted out" }).waitFor();
  await candidateContext.close();

  // The recruiter sees her marked on her page, and clears it for the workspace.
  await e2e.app.reactions?.settle();
  await page.goto(`/workspaces/${workspaceId}/people/${personId}`);
  const mark = page.getByRole("region", { name: "Opted out" });
  await mark.getByText("grace.hopper@navy.mil opted out with the link in a message", { exact: false }).waitFor({
    timeout: 15_000,
  });
  await mark.getByRole("button", { name: "Clear opt-out" }).click();
  await page.getByRole("dialog", { name: "Clear opt-out" }).getByRole("button", { name: "Clear opt-out" }).click();
  await mark.waitFor({ state: "detached" });
  // The server has it: the workspace's clearance is recorded.
  await expect
    .poll(
      async () =>
        (
          await e2e.app.pool.query(
            "select 1 from events where type = 'AddressOptOutCleared' and data->>'workspaceId' = $1",
            [workspaceId],
          )
        ).rowCount,
      { timeout: 15_000 },
    )
    .toBe(1);
  // After a reload, from the replica synced again, the mark stays cleared.
  await page.reload();
  await page.getByRole("heading", { name: "Grace Hopper" }).waitFor();
  expect(await page.getByRole("region", { name: "Opted out" }).count()).toBe(0);

  await context.close();
}, 120_000);
