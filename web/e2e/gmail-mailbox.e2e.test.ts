import { type MockSignInProvider, startMockGoogle } from "@hirestream/api/testing/mock-sign-in-providers.ts";
import { type GmailApiServer, startGmailApiServer } from "@hirestream/outreach/testing/gmail-api-server.ts";
import { simpleParser } from "mailparser";
import MailComposer from "nodemailer/lib/mail-composer";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type E2E, startE2E } from "./harness.ts";
import { sentStep } from "./sent-step.ts";
import { createWorkspaceThroughScreens } from "./workspace-screens.ts";

// The whole way with a real mailbox's API: a recruiter signs in with Google, connects their Gmail
// mailbox, a sequence sends from it through Gmail's API, the candidate's reply is read from it, and a
// revoked grant shows on the Integrations screen. Google and Gmail are local servers speaking their
// APIs; the browser, the app and Postgres are real.

let google: MockSignInProvider;
let gmail: GmailApiServer;
let e2e: E2E;
beforeAll(async () => {
  google = await startMockGoogle();
  gmail = await startGmailApiServer({ address: "recruiter@gmail.example", tokens: google });
  e2e = await startE2E({
    reactions: true,
    signInProviders: { google_oauth2: google.settings },
    mailApis: { gmail: gmail.url, graph: "http://127.0.0.1:9/v1.0" },
  });
});
afterAll(async () => {
  await e2e?.close();
  await gmail?.close();
  await google?.close();
});

const candidate = "grace@navy.mil";
const row = (page: Page, email: string) => page.locator(`tr[data-credential="${email}"]`);

/** One read of every connected mailbox, as the outreach service's poll, and its reactions done. */
async function readMailboxes() {
  await e2e.app.reactions?.readMailboxes();
  await e2e.app.reactions?.settle();
}

/** What the Gmail mailbox sent, parsed. */
const sentByGmail = () => Promise.all(gmail.mailbox.sent.map((message) => simpleParser(message.raw)));

it("signs in with Google, connects the Gmail mailbox, sends a step from it, reads the reply, and shows a revoked grant as Error with Reconnect", async () => {
  const context = await e2e.newContext();
  const page = await context.newPage();
  google.setClaims({ sub: "google-loop-1", email: "recruiter@gmail.example", email_verified: true });
  await page.goto("/sign_in");
  await page.getByRole("link", { name: "Sign in with Google" }).click();
  await page.waitForURL("**/talent_pool");

  const workspaceId = await createWorkspaceThroughScreens(page, "Gmail outreach", e2e);
  await page.goto(`/workspaces/${workspaceId}/integrations`);
  await page.getByRole("button", { name: "Sign in with Google" }).click();
  await page.waitForURL(`**/workspaces/${workspaceId}/integrations`);
  const mailbox = row(page, "recruiter@gmail.example");
  await mailbox.getByText("Google").waitFor();
  const { rows } = await e2e.app.pool.query<{ id: string }>(
    "select id from read.credentials where workspace_id = $1 and provider_type = 'google_oauth2'",
    [workspaceId],
  );
  const credentialId = rows[0]?.id;
  if (credentialId === undefined) throw new Error("no Google credential");

  // A step sent from the mailbox through Gmail's drafts.
  const { projectId } = await sentStep(e2e, page, { workspaceId, credentialId, candidate });
  const sent = await sentByGmail();
  expect(sent.map((mail) => mail.subject)).toEqual(["A role for Grace"]);
  expect(sent[0]?.from?.text).toContain("recruiter@gmail.example");

  // She replies; the reply lands in the Gmail inbox and is read from there.
  const replyTo = sent[0]?.messageId;
  if (replyTo === undefined) throw new Error("the sent step has no Message-ID");
  const reply = await new MailComposer({
    from: candidate,
    to: "recruiter@gmail.example",
    subject: "Re: A role for Grace",
    text: "Happy to talk on Thursday.",
    inReplyTo: replyTo,
    references: [replyTo],
    date: new Date(Date.now() + 60_000),
  })
    .compile()
    .build();
  e2e.app.clock.now = new Date(Date.now() + 60_000);
  gmail.deliver(reply);
  await readMailboxes();

  await page.goto(`/workspaces/${workspaceId}/project/${projectId}`);
  await page.getByRole("tab", { name: "Message" }).click();
  await page.getByText("Finished", { exact: true }).click();
  const grace = page.getByRole("button", { name: "Grace Hopper" });
  await grace.getByText("Replied", { exact: true }).waitFor({ timeout: 15_000 });

  // Google revokes the grant: the next read finds it refused, and Integrations shows Error with Reconnect.
  google.refuseRefresh("Token has been expired or revoked.");
  e2e.app.clock.now = new Date(Date.now() + 2 * 3600_000);
  await readMailboxes();
  await page.goto(`/workspaces/${workspaceId}/integrations`);
  await mailbox.getByTestId("health").getByText("Error").waitFor({ timeout: 15_000 });
  await mailbox.getByTestId("fail-message").getByText("Token has been expired or revoked.", { exact: false }).waitFor();
  await mailbox.getByRole("button", { name: "Reconnect recruiter@gmail.example" }).waitFor();
  expect((await sentByGmail()).length).toBe(1);
  await context.close();
}, 180_000);
