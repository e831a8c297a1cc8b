import { mailboxConnectErrorMessage } from "@hirestream/contracts/credentials/mailbox-connect.ts";
import { describe, expect, it } from "vitest";
import { mailboxConnectUrl, reconnectable } from "./mailbox-connect.ts";

const workspaceId = "3f2a9c1d-8b4e-4f6a-9c2d-1e0f5a6b7c8d";
const credentialId = "7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d";

describe("connecting a mailbox from the Integrations page", () => {
  it("goes to the provider redirect with the page as origin, its callback and the ticket", () => {
    const url = new URL(
      mailboxConnectUrl({ provider: "google_oauth2", workspaceId }, "https://crm.example.com", "t1"),
      "https://crm.example.com",
    );
    expect(url.pathname).toBe("/api/v1/auth/google_oauth2");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      option: "provider",
      origin: `https://crm.example.com/workspaces/${workspaceId}/integrations`,
      redirect_uri: "https://crm.example.com/api/v1/auth/google_oauth2/callback",
      ticket: "t1",
    });
  });

  it("names the credential on a Reconnect", () => {
    const url = new URL(
      mailboxConnectUrl({ provider: "microsoft_graph_auth", workspaceId, credentialId }, "http://localhost:3000", "t2"),
      "http://localhost:3000",
    );
    expect(url.searchParams.get("credential_id")).toBe(credentialId);
  });

  it("offers Reconnect for a Google or Microsoft mailbox in Error only", () => {
    expect(reconnectable({ provider_type: "google_oauth2", health: "Error" })).toBe(true);
    expect(reconnectable({ provider_type: "microsoft_graph_auth", health: "Error" })).toBe(true);
    expect(reconnectable({ provider_type: "google_oauth2", health: "Tested" })).toBe(false);
    expect(reconnectable({ provider_type: "smtp", health: "Error" })).toBe(false);
  });

  it("says in plain words why connecting failed, and never words of the address's choosing", () => {
    expect(mailboxConnectErrorMessage("denied")).toBe(
      "The mailbox was not connected: access was not granted at the provider.",
    );
    expect(mailboxConnectErrorMessage("<script>")).toBe("Connecting the mailbox failed. Please try again.");
    expect(mailboxConnectErrorMessage(null)).toBeNull();
  });
});
