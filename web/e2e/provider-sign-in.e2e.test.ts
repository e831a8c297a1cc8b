import { type MockSignInProvider, startMockGoogle } from "@hirestream/api/testing/mock-sign-in-providers.ts";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type E2E, startE2E } from "./harness.ts";

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

it("signs in with the mock Google from the sign-in page and lands signed in", async () => {
  google.setClaims({ sub: "google-browser-1", email: "google.recruiter@example.com", email_verified: true });
  const context = await e2e.newContext();
  const page = await context.newPage();
  await page.goto("/sign_in");
  await page.getByRole("link", { name: "Sign in with Google" }).click();
  await page.waitForURL("**/talent_pool");
  expect(await page.evaluate(() => localStorage.getItem("uid"))).toBe("google.recruiter@example.com");
  await page.reload();
  await page.waitForURL("**/talent_pool");
  await context.close();
});

it("says on the sign-in page why an unverified email was refused", async () => {
  google.setClaims({ sub: "google-browser-2", email: "unverified.recruiter@example.com", email_verified: false });
  const context = await e2e.newContext();
  const page = await context.newPage();
  await page.goto("/sign_in");
  await page.getByRole("link", { name: "Sign in with Google" }).click();
  await page.waitForURL("**/sign_in?error=email_unverified");
  await page.getByText("Your account with this provider has no verified email address").waitFor();
  expect(await page.evaluate(() => localStorage.getItem("access-token"))).toBeNull();
  await context.close();
});

it("shows Microsoft as not configured instead of a button that fails", async () => {
  const context = await e2e.newContext();
  const page = await context.newPage();
  await page.goto("/sign_in");
  await page.getByText("Sign-in with Microsoft is not configured on this server.").waitFor();
  expect(await page.getByRole("button", { name: "Sign in with Microsoft" }).isDisabled()).toBe(true);
  expect(await page.getByRole("link", { name: "Sign in with Google" }).count()).toBe(1);
  await context.close();
});
