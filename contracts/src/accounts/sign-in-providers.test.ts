import { expect, it } from "vitest";
import { providerSignInErrorMessage, providerSignInErrors } from "./sign-in-providers.ts";

it("words each reason a provider sign-in comes back with, and any other as a failure", () => {
  expect(providerSignInErrorMessage(null)).toBeNull();
  expect(providerSignInErrorMessage("email_unverified")).toBe(providerSignInErrors.email_unverified);
  expect(providerSignInErrorMessage("<b>words of someone else's choosing</b>")).toBe(providerSignInErrors.failed);
});
