import { type MockSignInProvider, startMockGoogle } from "@hirestream/api/testing/mock-sign-in-providers.ts";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type E2E, startE2E } from "./harness.ts";
import { signUpThroughScreens } from "./session.ts";
import { createWorkspaceThroughScreens } from "./workspace-screens.ts";

let google: MockSignInProvider;
let e2e: E2E;
beforeAll(async () => {
  google = await startMockGoogle();
  // Google only: Microsoft is left unconfigured, as on a server without MICROSOFT_CLIENT_ID.
  e2e = await startE2E({ signInProviders: { google_oauth2: google.settings } });
});
afterAll(async () => {
  await e2e?.close();
  await google?.close();
});

const row = (page: Page, email: string) => page.locator(`tr[data-credential="${email}"]`);

it("connects a Google mailbox from the Integrations screen, lists it as Google, Test makes it Tested, and Reconnect ends a revoked grant's Error", async () => {
  const context = await e2e.newContext();
  const page = await context.newPage();
  await signUpThroughScreens(page, "connect-recruiter@example.com");
  const workspaceId = await createWorkspaceThroughScreens(page, "Outreach", e2e);
  await page.goto(`/workspaces/${workspaceId}/integrations`);

  await page.getByText("Microsoft mailboxes are not configured on this server.").waitFor();
  expect(await page.getByRole("button", { name: "Sign in with Microsoft" }).isDisabled()).toBe(true);

  // Cancelled at the provider: back on the page, which says so.
  google.denyNextConsent();
  await page.getByRole("button", { name: "Sign in with Google" }).click();
  await page.getByText("The mailbox was not connected: access was not granted at the provider.").waitFor();
  expect(new URL(page.url()).pathname).toBe(`/workspaces/${workspaceId}/integrations`);

  google.setClaims({ sub: "google-mailbox-1", email: "gmail.box@example.com", email_verified: true });
  await page.getByRole("button", { name: "Sign in with Google" }).click();
  await page.waitForURL(`**/workspaces/${workspaceId}/integrations`);
  const connected = row(page, "gmail.box@example.com");
  await connected.getByText("Google").waitFor();
  await connected.getByTestId("health").getByText("Pending").waitFor();

  await page.getByRole("button", { name: "Actions for gmail.box@example.com" }).click();
  await page.getByRole("menuitem", { name: "Test" }).click();
  await connected.getByTestId("health").getByText("Tested").waitFor();

  // The grant is revoked at Google: Test shows Error with Google's words, and the reconnect icon signs in again.
  google.refuseRefresh("Token has been expired or revoked.");
  await page.getByRole("button", { name: "Actions for gmail.box@example.com" }).click();
  await page.getByRole("menuitem", { name: "Test" }).click();
  await connected.getByTestId("health").getByText("Error").waitFor();
  await connected
    .getByTestId("fail-message")
    .getByText("Token has been expired or revoked.", { exact: false })
    .waitFor();
  google.refuseRefresh(null);
  await connected.getByRole("button", { name: "Reconnect gmail.box@example.com" }).click();
  await page.waitForURL(`**/workspaces/${workspaceId}/integrations`);
  await row(page, "gmail.box@example.com").getByTestId("health").getByText("Pending").waitFor();
  expect(await page.locator("tr[data-credential]").count()).toBe(1);
  await context.close();
});
