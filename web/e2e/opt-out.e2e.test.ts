import { afterAll, beforeAll, expect, it } from "vitest";
import { type E2E, startE2E } from "./harness.ts";
import { credentialThroughApi, sentStep } from "./sent-step.ts";
import { signUpThroughScreens } from "./session.ts";
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

it("opts out through the link in a delivered message, marks the person, and a member clears it", async () => {
  const context = await e2e.newContext();
  const page = await context.newPage();
  await signUpThroughScreens(page, "optout-tester@example.com");
  const workspaceId = await createWorkspaceThroughScreens(page, "Opt-out team", e2e);
  const { personId, headers } = await sentStep(e2e, page, {
    workspaceId,
    credentialId: await credentialThroughApi(page, workspaceId, {
      provider_type: "local",
      name: "Talent team",
      email: mailbox,
    }),
    candidate,
  });

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
