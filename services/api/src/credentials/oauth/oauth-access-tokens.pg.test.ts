import { randomUUID } from "node:crypto";
import { GrantRevokedError } from "@hirestream/outreach/transports/access-tokens.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Deps } from "../../deps.ts";
import { workerDeps } from "../../processors/testing/outreach-kit.ts";
import {
  type MockSignInProvider,
  startMockGoogle,
  startMockMicrosoftCommon,
} from "../../testing/mock-sign-in-providers.ts";
import { type SignedIn, signUpUser, startTestApp, type TestApp } from "../../testing/test-app.ts";
import { readOAuthGrant } from "../credential-secrets.ts";
import { connectMailbox } from "../testing/connect-mailbox.ts";
import { oauthAccessTokens } from "./oauth-access-tokens.ts";

const APP = "http://localhost:3000";
let t: TestApp;
let google: MockSignInProvider;
let microsoft: Awaited<ReturnType<typeof startMockMicrosoftCommon>>;
let owner: SignedIn;
let ws: string;
let deps: Deps;

beforeAll(async () => {
  google = await startMockGoogle();
  microsoft = await startMockMicrosoftCommon();
  const signInProviders = { google_oauth2: google.settings, microsoft_graph_auth: microsoft.settings };
  t = await startTestApp({ appUrl: APP, signInProviders, providerFetch: microsoft.fetch });
  // The outreach worker's own deps, as another process has them: nothing shared with the API but the database.
  deps = { ...workerDeps(t), signInProviders, providerFetch: microsoft.fetch };
  owner = await signUpUser(t.app, "tokens@example.com");
  const created = await t.app.inject({
    method: "POST",
    url: "/api/v1/workspaces",
    headers: { ...owner.headers, "content-type": "application/json", "idempotency-key": randomUUID() },
    payload: JSON.stringify({ data: { type: "workspace", attributes: { name: "Hiring" } } }),
  });
  ws = created.json().data.id;
});
afterAll(async () => {
  await t?.close();
  await google?.close();
  await microsoft?.close();
});

async function connected(provider: "google_oauth2" | "microsoft_graph_auth", email: string): Promise<string> {
  await connectMailbox(
    { app: t.app, appUrl: APP, local: microsoft.local },
    provider,
    { user: owner },
    { workspaceId: ws },
  );
  const { rows } = await t.pool.query<{ position: string }>("select max(global_position) as position from events");
  expect(await t.readModels.waitFor(Number(rows[0]?.position ?? 0), 5000)).toBe(true);
  const row = await t.db
    .selectFrom("read.credentials")
    .select("id")
    .where("workspace_id", "=", ws)
    .where("email", "=", email)
    .executeTakeFirstOrThrow();
  return row.id;
}

const refreshes = (provider: MockSignInProvider) =>
  provider.tokenRequests().filter((grant) => grant === "refresh_token").length;

describe("a Google mailbox's access tokens", () => {
  let id: string;
  beforeAll(async () => {
    google.setClaims({ sub: "google-tokens", email: "tokens.box@example.com", email_verified: true });
    id = await connected("google_oauth2", "tokens.box@example.com");
  });

  it("answers the token got when connecting while it is good, and refreshes once it has expired", async () => {
    const before = refreshes(google);
    const tokens = oauthAccessTokens(deps, id);
    const first = await tokens.current();
    expect(await tokens.current()).toBe(first);
    expect(await oauthAccessTokens(deps, id).current()).toBe(first);
    expect(refreshes(google)).toBe(before);

    t.clock.now = new Date(t.clock.now.getTime() + 3600_000);
    const renewed = await tokens.current();
    expect(renewed).not.toBe(first);
    expect(refreshes(google)).toBe(before + 1);
    // Sealed for every process: another one finds it without refreshing.
    expect(await oauthAccessTokens(deps, id).current()).toBe(renewed);
    expect(refreshes(google)).toBe(before + 1);
  });

  it("refreshes when asked after a refused token, and keeps a rotated refresh token sealed", async () => {
    const before = refreshes(google);
    const grantBefore = await readOAuthGrant(deps, id);
    const tokens = oauthAccessTokens(deps, id);
    const held = await tokens.current();
    const fresh = await tokens.refresh();
    expect(fresh).not.toBe(held);
    expect(refreshes(google)).toBe(before + 1);
    const grantAfter = await readOAuthGrant(deps, id);
    expect(grantAfter?.provider === "google_oauth2" && grantAfter.accessToken).toBe(fresh);
    // The mock rotates its refresh tokens on every refresh.
    expect(grantAfter?.provider === "google_oauth2" && grantAfter.refreshToken).not.toBe(
      grantBefore?.provider === "google_oauth2" && grantBefore.refreshToken,
    );
  });

  it("throws GrantRevokedError with the provider's words when the refresh token is refused", async () => {
    google.refuseRefresh("Token has been expired or revoked.");
    try {
      const refused = await oauthAccessTokens(deps, id)
        .refresh()
        .catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(GrantRevokedError);
      expect(refused instanceof GrantRevokedError && refused.providerMessage).toBe(
        "Token has been expired or revoked.",
      );
    } finally {
      google.refuseRefresh(null);
    }
  });
});

describe("a Microsoft mailbox's access tokens", () => {
  let id: string;
  beforeAll(async () => {
    microsoft.setClaims({
      sub: "entra-tokens",
      oid: "oid-tokens",
      tid: "5b2f7a55-0d7e-4b8e-9a3c-6f1d2e8c4a10",
      email: "tokens@contoso.example",
      xms_edov: true,
    });
    id = await connected("microsoft_graph_auth", "tokens@contoso.example");
  });

  it("answers msal-node's cached token, refreshes it when asked with the sealed cache, and seals the new cache", async () => {
    const before = refreshes(microsoft);
    const tokens = oauthAccessTokens(deps, id);
    const cached = await tokens.current();
    expect(refreshes(microsoft)).toBe(before);
    const cacheBefore = await readOAuthGrant(deps, id);
    const fresh = await tokens.refresh();
    expect(fresh).not.toBe(cached);
    expect(refreshes(microsoft)).toBe(before + 1);
    const cacheAfter = await readOAuthGrant(deps, id);
    expect(cacheAfter?.provider === "microsoft_graph_auth" && cacheAfter.tokenCache).not.toBe(
      cacheBefore?.provider === "microsoft_graph_auth" && cacheBefore.tokenCache,
    );
    expect(await oauthAccessTokens(deps, id).current()).toBe(fresh);
  });

  it("throws GrantRevokedError with Microsoft's words when the grant was revoked", async () => {
    microsoft.refuseRefresh("AADSTS70000: The provided grant is expired or revoked.");
    try {
      const refused = await oauthAccessTokens(deps, id)
        .refresh()
        .catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(GrantRevokedError);
      expect(refused instanceof GrantRevokedError && refused.providerMessage).toContain("AADSTS70000");
    } finally {
      microsoft.refuseRefresh(null);
    }
  });
});
