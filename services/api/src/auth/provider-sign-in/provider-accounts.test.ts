import { describe, expect, it } from "vitest";
import { identityOf } from "./provider-accounts.ts";

const google = { iss: "https://accounts.google.com", sub: "1234" };
const entra = { iss: "https://login.microsoftonline.com/t/v2.0", sub: "pairwise" };

describe("the identity an id token names", () => {
  it("takes Google's verified email, in lower case", () => {
    expect(identityOf("google_oauth2", { ...google, email: " Ada@Example.COM ", email_verified: true })).toEqual({
      identity: { provider: "google_oauth2", issuer: google.iss, subject: "1234", email: "ada@example.com" },
    });
    expect(identityOf("google_oauth2", { ...google, email: "ada@example.com", email_verified: "true" })).toHaveProperty(
      "identity",
    );
  });

  it("refuses an email the provider does not vouch for", () => {
    for (const verified of [false, "false", undefined]) {
      expect(identityOf("google_oauth2", { ...google, email: "ada@example.com", email_verified: verified })).toEqual({
        error: "email_unverified",
      });
    }
    // Only Microsoft's own claims count for Microsoft, and only for it.
    expect(identityOf("google_oauth2", { ...google, email: "ada@example.com", xms_edov: true })).toEqual({
      error: "email_unverified",
    });
    expect(identityOf("microsoft_graph_auth", { ...entra, email: "ceo@victim.example", tid: "another" })).toEqual({
      error: "email_unverified",
    });
  });

  it("takes Microsoft's email when the tenant owns its domain or the account is a personal one", () => {
    expect(identityOf("microsoft_graph_auth", { ...entra, email: "a@contoso.example", xms_edov: 1 })).toHaveProperty(
      "identity",
    );
    expect(
      identityOf("microsoft_graph_auth", {
        ...entra,
        email: "someone@outlook.example",
        tid: "9188040d-6c67-4c5b-b112-36a304b66dad",
      }),
    ).toHaveProperty("identity");
  });

  it("says so when the token carries no usable email", () => {
    expect(identityOf("google_oauth2", { ...google, email_verified: true })).toEqual({ error: "email_missing" });
    expect(identityOf("google_oauth2", { ...google, email: "not an address", email_verified: true })).toEqual({
      error: "email_missing",
    });
    expect(identityOf("google_oauth2", { email: "ada@example.com" })).toEqual({ error: "failed" });
  });
});
