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

const mailbox = "talent@acme.example";
const candidate = "grace@navy.mil";

async function stageNamesOf(projectId: string) {
  await e2e.app.reactions?.settle();
  const { rows } = await e2e.app.pool.query<{ stage: string }>(
    "select data->>'toStageName' as stage from events where type = 'CandidacyMoved' and data->>'projectId' = $1 order by global_position",
    [projectId],
  );
  return rows.map((row) => row.stage);
}

it("shows what a local credential sent, and a reply as the candidate moves them to the on-response stage", async () => {
  const context = await e2e.newContext();
  const page = await context.newPage();
  await signUpThroughScreens(page, "mailbox-tester@example.com");
  const workspaceId = await createWorkspaceThroughScreens(page, "Outreach team", e2e);
  const { projectId, personId } = await sentStep(e2e, page, {
    workspaceId,
    credentialId: await credentialThroughApi(page, workspaceId, {
      provider_type: "local",
      name: "Talent team",
      email: mailbox,
    }),
    candidate,
    onResponseStagePosition: 3,
  });

  // Integrations links to the local mailbox once the workspace has a local credential.
  await page.goto(`/workspaces/${workspaceId}/integrations`);
  await page.getByRole("link", { name: "Local mailbox" }).click();
  await page.getByRole("heading", { name: "Local mailbox" }).waitFor();
  const list = page.getByRole("table", { name: "Sent messages" });
  await list.getByRole("button", { name: "A role for Grace" }).waitFor();
  await page.getByText("1 message", { exact: true }).waitFor();
  // The search asks the server: a word in no subject or address finds nothing.
  const search = page.getByRole("textbox", { name: "Search messages" });
  await search.fill("nothing like it");
  await page.getByText("No message matches this search").waitFor();
  await search.fill("navy.mil");
  await list.getByRole("button", { name: "A role for Grace" }).click();

  const shown = page.getByRole("region", { name: "Message" });
  await shown.getByText(`To ${candidate}`).waitFor();
  await shown.getByRole("button", { name: "Reply as candidate" }).click();
  const dialog = page.getByRole("dialog", { name: "Reply as candidate" });
  await dialog.getByRole("button", { name: "Send reply" }).click();
  await dialog.getByText("This field is required").waitFor();
  await dialog.getByLabel("Reply").fill("Happy to talk.\nThursday works for me.");
  // The step's time came from the database's clock: the reply arrives after it.
  e2e.app.clock.now = new Date(Date.now() + 60_000);
  await dialog.getByRole("button", { name: "Send reply" }).click();
  await page.getByText("Delivered as a reply to the sequence").waitFor();
  await dialog.waitFor({ state: "detached" });

  await expect.poll(() => stageNamesOf(projectId), { timeout: 15_000 }).toEqual(["Interview"]);

  // Her page shows the step sent and her reply, in that order.
  await page.goto(`/workspaces/${workspaceId}/people/${personId}`);
  const messages = page.getByRole("region", { name: "Messages" });
  await messages.getByRole("article", { name: "Reply: Re: A role for Grace" }).waitFor({ timeout: 15_000 });
  const articles = await messages
    .getByRole("article")
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute("aria-label")));
  expect(articles).toEqual(["Sent: A role for Grace", "Reply: Re: A role for Grace"]);
  expect(await messages.getByText("No Messages").count()).toBe(0);
  await expect
    .poll(() => messages.frameLocator('iframe[title="Body of Re: A role for Grace"]').locator("body").textContent())
    .toContain("Thursday works for me.");

  await context.close();
}, 120_000);
