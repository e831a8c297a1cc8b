import { randomUUID } from "node:crypto";
import { appendEvents } from "@hirestream/eventstore/testing/append-events.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type MockSignInProvider,
  startMockGoogle,
  startMockMicrosoftCommon,
} from "../../testing/mock-sign-in-providers.ts";
import { type SignedIn, signUpUser, startTestApp, type TestApp } from "../../testing/test-app.ts";
import { readOAuthGrant } from "../credential-secrets.ts";
import { testFailures } from "../credential-test.ts";
import { type Connecting, connectMailbox } from "../testing/connect-mailbox.ts";

const APP = "http://localhost:3000";
let t: TestApp;
let google: MockSignInProvider;
let microsoft: Awaited<ReturnType<typeof startMockMicrosoftCommon>>;
const logLines: string[] = [];
/** Every answer the API gave in this file, to look for tokens in. */
const answers: string[] = [];

beforeAll(async () => {
  google = await startMockGoogle();
  microsoft = await startMockMicrosoftCommon();
  t = await startTestApp({
    appUrl: APP,
    signInProviders: { google_oauth2: google.settings, microsoft_graph_auth: microsoft.settings },
    providerFetch: microsoft.fetch,
    logStream: { write: (line) => void logLines.push(line) },
  });
});
afterAll(async () => {
  await t?.close();
  await google?.close();
  await microsoft?.close();
});

const through = (): Connecting => ({ app: t.app, appUrl: APP, local: microsoft.local });
let emails = 0;
const newUser = () => signUpUser(t.app, `connect${++emails}@example.com`);
const gmailAccount = (email: string) => ({ sub: `google-${email}`, email, email_verified: true });

async function request(user: SignedIn, method: "GET" | "PUT" | "POST", url: string, position = 0) {
  const response = await t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...user.headers, "idempotency-key": randomUUID(), "x-min-position": String(position) },
  });
  answers.push(response.body);
  return response;
}

async function newWorkspace(user: SignedIn): Promise<string> {
  const response = await t.app.inject({
    method: "POST",
    url: "/api/v1/workspaces",
    headers: { ...user.headers, "content-type": "application/json", "idempotency-key": randomUUID() },
    payload: JSON.stringify({ data: { type: "workspace", attributes: { name: "Hiring" } } }),
  });
  expect(response.statusCode).toBe(201);
  return response.json().data.id;
}

async function credentialsOf(ws: string) {
  expect(await t.readModels.waitFor(await lastPosition(), 5000)).toBe(true);
  return t.db
    .selectFrom("read.credentials")
    .select(["id", "name", "email", "provider_type", "health", "fail_message"])
    .where("workspace_id", "=", ws)
    .orderBy("created_at")
    .execute();
}

async function eventTypes(credentialId: string) {
  return (await t.store.readStream(`credential-${credentialId}`)).map((event) => event.type);
}

const integrations = (ws: string) => `${APP}/workspaces/${ws}/integrations`;

describe("connecting a Google mailbox", () => {
  let owner: SignedIn;
  let ws: string;
  beforeAll(async () => {
    owner = await newUser();
    ws = await newWorkspace(owner);
  });

  it("asks for Gmail offline with PKCE, adds the mailbox Pending under its verified email, and lands on the Integrations page", async () => {
    google.setClaims(gmailAccount("Recruiter.Box@Example.com"));
    const { authorization, landing } = await connectMailbox(
      through(),
      "google_oauth2",
      { user: owner },
      { workspaceId: ws },
    );
    const asked = authorization?.searchParams;
    expect(asked?.get("scope")?.split(" ")).toEqual([
      "openid",
      "email",
      "https://www.googleapis.com/auth/gmail.send",
      "https://www.googleapis.com/auth/gmail.compose",
      "https://www.googleapis.com/auth/gmail.readonly",
    ]);
    expect([asked?.get("access_type"), asked?.get("prompt"), asked?.get("code_challenge_method")]).toEqual([
      "offline",
      "consent",
      "S256",
    ]);
    expect(asked?.get("redirect_uri")).toBe(`${APP}/api/v1/auth/google_oauth2/callback`);
    expect(landing.toString()).toBe(integrations(ws));

    const rows = await credentialsOf(ws);
    expect(rows).toEqual([
      {
        id: expect.any(String),
        name: "recruiter.box@example.com",
        email: "recruiter.box@example.com",
        provider_type: "google_oauth2",
        health: "Pending",
        fail_message: null,
      },
    ]);
    const id = rows[0]?.id ?? "";
    expect(await eventTypes(id)).toEqual(["CredentialAdded"]);
    const grant = await readOAuthGrant({ db: t.db }, id);
    expect(grant).toMatchObject({ provider: "google_oauth2", refreshToken: expect.any(String) });
  });

  it("passes Test by refreshing its token, and shows the provider's words once the grant is revoked", async () => {
    const [row] = await credentialsOf(ws);
    const id = row?.id ?? "";
    const refreshesBefore = google.tokenRequests().filter((grant) => grant === "refresh_token").length;
    const tested = await request(owner, "PUT", `/workspaces/${ws}/providers/${id}/test`);
    expect(tested.json().data.attributes).toMatchObject({ health: "Tested", fail_message: null });
    expect(google.tokenRequests().filter((grant) => grant === "refresh_token")).toHaveLength(refreshesBefore + 1);

    google.refuseRefresh("Token has been expired or revoked.");
    try {
      const failed = await request(owner, "PUT", `/workspaces/${ws}/providers/${id}/test`);
      expect(failed.json().data.attributes).toMatchObject({
        health: "Error",
        fail_message: "The mailbox's sign-in was revoked or has expired: Token has been expired or revoked.",
      });
    } finally {
      google.refuseRefresh(null);
    }
  });

  it("reconnects the same mailbox into the same credential: its token replaced, its Error over", async () => {
    const [row] = await credentialsOf(ws);
    const id = row?.id ?? "";
    const before = await t.pool.query<{ ciphertext: Buffer }>(
      "select ciphertext from credential_secrets where credential_id = $1",
      [id],
    );
    const { landing } = await connectMailbox(
      through(),
      "google_oauth2",
      { user: owner },
      { workspaceId: ws, credentialId: id },
    );
    expect(landing.toString()).toBe(integrations(ws));
    // Connected again without naming it (the empty state's button): still the one credential.
    await connectMailbox(through(), "google_oauth2", { user: owner }, { workspaceId: ws });
    const after = await t.pool.query<{ ciphertext: Buffer }>(
      "select ciphertext from credential_secrets where credential_id = $1",
      [id],
    );
    expect(after.rows[0]?.ciphertext.equals(before.rows[0]?.ciphertext ?? Buffer.alloc(0))).toBe(false);
    expect(await eventTypes(id)).toEqual([
      "CredentialAdded",
      "CredentialTested",
      "CredentialFailed",
      "CredentialReconnected",
      "CredentialReconnected",
    ]);
    const listed = await request(owner, "GET", `/workspaces/${ws}/providers`, await lastPosition());
    expect(
      listed
        .json()
        .data.map((each: { id: string; attributes: { health: string } }) => [each.id, each.attributes.health]),
    ).toEqual([[id, "Pending"]]);
  });

  it("refuses to reconnect a credential with another mailbox, and changes nothing", async () => {
    const [row] = await credentialsOf(ws);
    const id = row?.id ?? "";
    const events = await eventTypes(id);
    google.setClaims(gmailAccount("someone.else@example.com"));
    const { landing } = await connectMailbox(
      through(),
      "google_oauth2",
      { user: owner },
      { workspaceId: ws, credentialId: id },
    );
    expect(landing.toString()).toBe(`${integrations(ws)}?error=other_mailbox`);
    expect(await eventTypes(id)).toEqual(events);
    expect(await credentialsOf(ws)).toHaveLength(1);
    google.setClaims(gmailAccount("recruiter.box@example.com"));
  });

  it("comes back with the reason when consent is refused or Gmail's permissions are left out", async () => {
    google.denyNextConsent();
    const denied = await connectMailbox(through(), "google_oauth2", { user: owner }, { workspaceId: ws });
    expect(denied.landing.toString()).toBe(`${integrations(ws)}?error=denied`);
    google.withholdScopes(["https://www.googleapis.com/auth/gmail.send"]);
    try {
      const partial = await connectMailbox(through(), "google_oauth2", { user: owner }, { workspaceId: ws });
      expect(partial.landing.toString()).toBe(`${integrations(ws)}?error=scopes_missing`);
    } finally {
      google.withholdScopes([]);
    }
    google.setClaims({ sub: "google-unverified", email: "unverified@example.com", email_verified: false });
    const unverified = await connectMailbox(through(), "google_oauth2", { user: owner }, { workspaceId: ws });
    expect(unverified.landing.toString()).toBe(`${integrations(ws)}?error=email_unverified`);
    google.setClaims(gmailAccount("recruiter.box@example.com"));
    expect(await credentialsOf(ws)).toHaveLength(1);
  });

  it("fails closed when the sealed grant was tampered with", async () => {
    const [row] = await credentialsOf(ws);
    const id = row?.id ?? "";
    await t.pool.query(
      "update credential_secrets set ciphertext = set_byte(ciphertext, 0, get_byte(ciphertext, 0) # 1) where credential_id = $1",
      [id],
    );
    const refreshesBefore = google.tokenRequests().length;
    const tested = await request(owner, "PUT", `/workspaces/${ws}/providers/${id}/test`);
    expect(tested.json().data.attributes).toMatchObject({
      health: "Error",
      fail_message: testFailures.grantUnreadable,
    });
    expect(google.tokenRequests()).toHaveLength(refreshesBefore);
    // Reconnecting seals a new grant, which opens.
    await connectMailbox(through(), "google_oauth2", { user: owner }, { workspaceId: ws, credentialId: id });
    const again = await request(owner, "PUT", `/workspaces/${ws}/providers/${id}/test`);
    expect(again.json().data.attributes.health).toBe("Tested");
  });
});

async function lastPosition(): Promise<number> {
  const { rows } = await t.pool.query<{ position: string }>("select max(global_position) as position from events");
  return Number(rows[0]?.position ?? 0);
}

describe("who may connect, and where the browser goes back to", () => {
  let owner: SignedIn;
  let ws: string;
  beforeAll(async () => {
    owner = await newUser();
    ws = await newWorkspace(owner);
    google.setClaims(gmailAccount("team.box@example.com"));
  });

  it("asks to sign in first when neither a session nor a ticket comes with the request", async () => {
    const { landing } = await connectMailbox(through(), "google_oauth2", {}, { workspaceId: ws });
    expect(landing.toString()).toBe(`${integrations(ws)}?error=signed_out`);
  });

  it("refuses a collaborator, and a stranger as much", async () => {
    const collaborator = await newUser();
    await appendEvents(
      t.store,
      `workspace-${ws}`,
      [{ type: "WorkspaceMemberAdded", data: { workspaceId: ws, userId: collaborator.userId, role: "collaborator" } }],
      { occurredAt: "2026-11-22T12:00:00.000Z", actor: owner.userId },
    );
    for (const user of [collaborator, await newUser()]) {
      const { landing, authorization } = await connectMailbox(
        through(),
        "google_oauth2",
        { user },
        { workspaceId: ws },
      );
      expect(authorization).toBeNull();
      expect(landing.toString()).toBe(`${integrations(ws)}?error=forbidden`);
    }
    expect(await credentialsOf(ws)).toEqual([]);
  });

  it("never goes back to an address that is not the app's, nor takes another callback", async () => {
    const foreign = await connectMailbox(
      through(),
      "google_oauth2",
      { user: owner },
      {
        workspaceId: ws,
        origin: `https://evil.example/workspaces/${ws}/integrations`,
      },
    );
    expect(foreign.landing.toString()).toBe(`${APP}/sign_in?error=failed`);
    const notIntegrations = await connectMailbox(
      through(),
      "google_oauth2",
      { user: owner },
      {
        workspaceId: ws,
        origin: `${APP}/talent_pool`,
      },
    );
    expect(notIntegrations.landing.toString()).toBe(`${APP}/sign_in?error=failed`);
    const elsewhere = await connectMailbox(
      through(),
      "google_oauth2",
      { user: owner },
      {
        workspaceId: ws,
        redirectUri: "https://evil.example/api/v1/auth/google_oauth2/callback",
      },
    );
    expect(elsewhere.landing.toString()).toBe(`${integrations(ws)}?error=failed`);
  });

  it("takes a ticket from the signed-in browser, once", async () => {
    const issued = await request(owner, "POST", "/auth/provider_tickets");
    expect(issued.statusCode).toBe(201);
    const ticket: string = issued.json().data.id;
    const first = await connectMailbox(through(), "google_oauth2", { ticket }, { workspaceId: ws });
    expect(first.landing.toString()).toBe(integrations(ws));
    const again = await connectMailbox(through(), "google_oauth2", { ticket }, { workspaceId: ws });
    expect(again.landing.toString()).toBe(`${integrations(ws)}?error=signed_out`);
    expect((await credentialsOf(ws)).map((row) => row.email)).toEqual(["team.box@example.com"]);
    const anonymous = await t.app.inject({ method: "POST", url: "/api/v1/auth/provider_tickets" });
    expect(anonymous.statusCode).toBe(401);
  });

  it("says the provider is not configured on a server without its client", async () => {
    const other = await startTestApp({ appUrl: APP });
    try {
      const user = await signUpUser(other.app, "unconfigured@example.com");
      const created = await other.app.inject({
        method: "POST",
        url: "/api/v1/workspaces",
        headers: { ...user.headers, "content-type": "application/json", "idempotency-key": randomUUID() },
        payload: JSON.stringify({ data: { type: "workspace", attributes: { name: "Hiring" } } }),
      });
      const otherWs: string = created.json().data.id;
      for (const provider of ["google_oauth2", "microsoft_graph_auth"] as const) {
        const { landing } = await connectMailbox(
          { app: other.app, appUrl: APP },
          provider,
          { user },
          { workspaceId: otherWs },
        );
        expect(landing.toString()).toBe(`${integrations(otherWs)}?error=not_configured`);
      }
    } finally {
      await other.close();
    }
  });
});

describe("connecting a Microsoft mailbox through msal-node", () => {
  let owner: SignedIn;
  let ws: string;
  beforeAll(async () => {
    owner = await newUser();
    ws = await newWorkspace(owner);
  });

  it("asks Microsoft for Mail.Send and Mail.ReadWrite, keeps msal-node's cache sealed, and passes Test until the grant is revoked", async () => {
    microsoft.setClaims({
      sub: "entra-mailbox",
      oid: "oid-mailbox",
      tid: "5b2f7a55-0d7e-4b8e-9a3c-6f1d2e8c4a10",
      email: "Talent@Contoso.example",
      xms_edov: true,
    });
    const { authorization, landing } = await connectMailbox(
      through(),
      "microsoft_graph_auth",
      { user: owner },
      { workspaceId: ws },
    );
    expect(authorization?.origin).toBe("https://login.microsoftonline.com");
    const scopes = authorization?.searchParams.get("scope")?.split(" ") ?? [];
    expect(scopes).toEqual(
      expect.arrayContaining([
        "https://graph.microsoft.com/Mail.Send",
        "https://graph.microsoft.com/Mail.ReadWrite",
        "offline_access",
        "openid",
      ]),
    );
    expect(authorization?.searchParams.get("code_challenge_method")).toBe("S256");
    expect(landing.toString()).toBe(integrations(ws));
    const [row] = await credentialsOf(ws);
    expect(row).toMatchObject({
      provider_type: "microsoft_graph_auth",
      email: "talent@contoso.example",
      health: "Pending",
    });
    const id = row?.id ?? "";
    const grant = await readOAuthGrant({ db: t.db }, id);
    expect(grant?.provider === "microsoft_graph_auth" && JSON.parse(grant.tokenCache)).toMatchObject({
      RefreshToken: expect.any(Object),
    });

    const tested = await request(owner, "PUT", `/workspaces/${ws}/providers/${id}/test`);
    expect(tested.json().data.attributes).toMatchObject({ health: "Tested" });
    microsoft.refuseRefresh("AADSTS50173: The provided grant has expired due to it being revoked.");
    try {
      const failed = await request(owner, "PUT", `/workspaces/${ws}/providers/${id}/test`);
      expect(failed.json().data.attributes.health).toBe("Error");
      expect(failed.json().data.attributes.fail_message).toContain("AADSTS50173");
    } finally {
      microsoft.refuseRefresh(null);
    }
  });
});

describe("the tokens stay sealed", () => {
  it("are in no event, read model row, change, API answer or log line", async () => {
    const rows = await t.pool.query<{ id: string; provider_type: string }>(
      "select id, provider_type from read.credentials where provider_type in ('google_oauth2', 'microsoft_graph_auth')",
    );
    expect(rows.rows.length).toBeGreaterThan(1);
    const secrets: string[] = [];
    for (const row of rows.rows) {
      const grant = await readOAuthGrant({ db: t.db }, row.id);
      if (grant?.provider === "google_oauth2") secrets.push(grant.refreshToken, grant.accessToken ?? "");
      if (grant?.provider === "microsoft_graph_auth") {
        const cache = JSON.parse(grant.tokenCache);
        for (const kind of ["RefreshToken", "AccessToken"]) {
          for (const entry of Object.values<{ secret: string }>(cache[kind] ?? {})) secrets.push(entry.secret);
        }
      }
    }
    expect(secrets.filter((secret) => secret.length > 10).length).toBeGreaterThan(3);
    const texts = await t.pool.query<{ text: string }>(
      `select data::text || metadata::text as text from events
       union all select to_jsonb(c)::text from read.credentials c
       union all select coalesce(data::text, '') from read.change_log`,
    );
    const places = [...texts.rows.map((row) => row.text), ...answers, ...logLines];
    expect(places.filter((place) => secrets.some((secret) => secret.length > 10 && place.includes(secret)))).toEqual(
      [],
    );
  });
});
