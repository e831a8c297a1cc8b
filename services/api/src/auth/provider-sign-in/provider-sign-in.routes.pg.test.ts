import type { SignInProviderId } from "@hirestream/contracts/accounts/sign-in-providers.ts";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { buildApp } from "../../app.ts";
import {
  MICROSOFT_TENANT,
  type MockSignInProvider,
  startMockGoogle,
  startMockMicrosoft,
  startMockMicrosoftCommon,
} from "../../testing/mock-sign-in-providers.ts";
import { signUpUser, startTestApp, type TestApp } from "../../testing/test-app.ts";

const APP = "http://localhost:3000";
let t: TestApp;
let google: MockSignInProvider;
let microsoft: MockSignInProvider;
const logLines: string[] = [];

beforeAll(async () => {
  google = await startMockGoogle();
  microsoft = await startMockMicrosoft();
  t = await startTestApp({
    appUrl: APP,
    allowedOrigins: ["https://crm.example.com"],
    signInProviders: { google_oauth2: google.settings, microsoft_graph_auth: microsoft.settings },
    logStream: { write: (line) => void logLines.push(line) },
  });
});
afterAll(async () => {
  await t?.close();
  await google?.close();
  await microsoft?.close();
});

const googleAccount = (email: string, subject = email) => ({ sub: `google-${subject}`, email, email_verified: true });

interface Through {
  origin?: string;
  app?: FastifyInstance;
  /** Where the browser really goes for the provider's address (a local server standing in for it). */
  local?: (url: string) => string;
}

/** The browser's part: start at the API, follow the provider's redirect over HTTP, come back with the cookie. */
async function startSignIn(provider: SignInProviderId, { origin = APP, app = t.app }: Through = {}) {
  const query = new URLSearchParams({ option: "signin", origin });
  const start = await app.inject({ method: "GET", url: `/api/v1/auth/${provider}?${query.toString()}` });
  const cookie = String(start.headers["set-cookie"] ?? "").split(";")[0] ?? "";
  return { start, cookie };
}

async function signInWith(provider: SignInProviderId, through: Through = {}) {
  const { app = t.app, local = (url: string) => url } = through;
  const { start, cookie } = await startSignIn(provider, through);
  expect(start.statusCode).toBe(302);
  const atProvider = await fetch(local(String(start.headers.location)), { redirect: "manual" });
  expect(atProvider.status).toBe(302);
  const back = new URL(atProvider.headers.get("location") ?? "");
  expect(`${back.origin}${back.pathname}`).toBe(`${APP}/api/v1/auth/${provider}/callback`);
  const answer = () => app.inject({ method: "GET", url: `${back.pathname}${back.search}`, headers: { cookie } });
  const end = await answer();
  expect(end.statusCode).toBe(302);
  return { start, back, end, landing: new URL(String(end.headers.location)), answer, cookie };
}

const sessionOf = (landing: URL) => ({
  "access-token": landing.searchParams.get("auth_token") ?? "",
  client: landing.searchParams.get("client_id") ?? "",
  uid: landing.searchParams.get("uid") ?? "",
});

async function userEvents(email: string) {
  const user = await t.db.selectFrom("read.users").select("id").where("email", "=", email).executeTakeFirstOrThrow();
  return (await t.store.readStream(`user-${user.id}`)).map((event) => event.type);
}

describe("sign-in with Google", () => {
  it("creates the account of a new verified email and lands signed in at the web app's /auth/google_oauth2", async () => {
    google.setClaims(googleAccount("new.recruiter@example.com"));
    const { start, landing } = await signInWith("google_oauth2");
    const authorization = new URL(String(start.headers.location));
    expect(authorization.searchParams.get("code_challenge_method")).toBe("S256");
    expect(authorization.searchParams.get("code_challenge")).toBeTruthy();
    expect(authorization.searchParams.get("state")).toBeTruthy();
    expect(authorization.searchParams.get("nonce")).toBeTruthy();
    expect(authorization.searchParams.get("scope")).toBe("openid email profile");
    expect(authorization.searchParams.get("redirect_uri")).toBe(`${APP}/api/v1/auth/google_oauth2/callback`);
    expect(google.lastChallengeMethod()).toBe("S256");

    expect(`${landing.origin}${landing.pathname}`).toBe(`${APP}/auth/google_oauth2`);
    expect(landing.searchParams.get("uid")).toBe("new.recruiter@example.com");
    expect(Number(landing.searchParams.get("expiry"))).toBeGreaterThan(t.clock.now.getTime() / 1000);
    const validate = await t.app.inject({
      method: "GET",
      url: "/api/v1/auth/validate_token",
      headers: sessionOf(landing),
    });
    expect(validate.statusCode).toBe(200);
    expect(validate.json().data).toMatchObject({ email: "new.recruiter@example.com" });
    expect(await userEvents("new.recruiter@example.com")).toEqual(["UserSignedUp", "UserProviderLinked"]);

    // No password was set: none opens the account.
    const byPassword = await t.app.inject({
      method: "POST",
      url: "/api/v1/auth/sign_in",
      payload: { email: "new.recruiter@example.com", password: "" },
    });
    expect(byPassword.statusCode).toBe(401);
  });

  it("signs in to the password account of the same verified email, linked once, never a second account", async () => {
    const existing = await signUpUser(t.app, "Linked.Person@example.com".toLowerCase());
    google.setClaims(googleAccount("Linked.Person@Example.com", "linked"));
    const first = await signInWith("google_oauth2");
    const second = await signInWith("google_oauth2");
    for (const { landing } of [first, second]) {
      const validate = await t.app.inject({
        method: "GET",
        url: "/api/v1/auth/validate_token",
        headers: sessionOf(landing),
      });
      expect(validate.json().data.id).toBe(existing.userId);
    }
    const accounts = await t.db
      .selectFrom("read.users")
      .select("id")
      .where("email", "=", "linked.person@example.com")
      .execute();
    expect(accounts).toHaveLength(1);
    expect(await userEvents("linked.person@example.com")).toEqual(["UserSignedUp", "UserProviderLinked"]);
    const byPassword = await t.app.inject({
      method: "POST",
      url: "/api/v1/auth/sign_in",
      payload: { email: "linked.person@example.com", password: "correct horse battery" },
    });
    expect(byPassword.statusCode).toBe(200);
  });

  it("refuses an email the provider has not verified, with a reason the sign-in page shows, and makes no account", async () => {
    google.setClaims({ sub: "google-unverified", email: "unverified@example.com", email_verified: false });
    const { landing } = await signInWith("google_oauth2");
    expect(landing.toString()).toBe(`${APP}/sign_in?error=email_unverified`);
    const account = await t.db
      .selectFrom("read.users")
      .select("id")
      .where("email", "=", "unverified@example.com")
      .executeTakeFirst();
    expect(account).toBeUndefined();
  });

  it("refuses an id token whose nonce is not the one sent", async () => {
    google.setClaims({ ...googleAccount("nonce@example.com"), nonce: "another sign-in's nonce" });
    const { landing } = await signInWith("google_oauth2");
    expect(landing.toString()).toBe(`${APP}/sign_in?error=failed`);
  });

  it("refuses an id token meant for another client", async () => {
    google.setClaims({ ...googleAccount("audience@example.com"), aud: "someone-else.apps.example" });
    const { landing } = await signInWith("google_oauth2");
    expect(landing.toString()).toBe(`${APP}/sign_in?error=failed`);
  });
});

describe("the provider's answer", () => {
  it("is taken once: the same answer again is refused", async () => {
    google.setClaims(googleAccount("replay@example.com"));
    const { answer } = await signInWith("google_oauth2");
    const again = await answer();
    expect(again.headers.location).toBe(`${APP}/sign_in?error=expired`);
  });

  it("must come back to the browser that started the sign-in", async () => {
    google.setClaims(googleAccount("other-browser@example.com"));
    const { start } = await startSignIn("google_oauth2");
    const atProvider = await fetch(String(start.headers.location), { redirect: "manual" });
    const back = new URL(atProvider.headers.get("location") ?? "");
    const elsewhere = await t.app.inject({
      method: "GET",
      url: `${back.pathname}${back.search}`,
      headers: { cookie: "hirestream_provider_sign_in=someone-elses" },
    });
    expect(elsewhere.headers.location).toBe(`${APP}/sign_in?error=expired`);
  });

  it("expires ten minutes after the sign-in started", async () => {
    google.setClaims(googleAccount("slow@example.com"));
    const { start, cookie } = await startSignIn("google_oauth2");
    const atProvider = await fetch(String(start.headers.location), { redirect: "manual" });
    const back = new URL(atProvider.headers.get("location") ?? "");
    t.clock.now = new Date(t.clock.now.getTime() + 10 * 60 * 1000 + 1000);
    const late = await t.app.inject({ method: "GET", url: `${back.pathname}${back.search}`, headers: { cookie } });
    expect(late.headers.location).toBe(`${APP}/sign_in?error=expired`);
  });

  it("says the person cancelled when the provider answers access_denied", async () => {
    const { start, cookie } = await startSignIn("google_oauth2");
    const state = new URL(String(start.headers.location)).searchParams.get("state") ?? "";
    const query = new URLSearchParams({ error: "access_denied", state });
    const denied = await t.app.inject({
      method: "GET",
      url: `/api/v1/auth/google_oauth2/callback?${query.toString()}`,
      headers: { cookie },
    });
    expect(denied.headers.location).toBe(`${APP}/sign_in?error=denied`);
  });

  it("never puts the authorization code or state in the log", async () => {
    google.setClaims(googleAccount("quiet@example.com"));
    const { back, landing } = await signInWith("google_oauth2");
    const log = logLines.join("\n");
    expect(log).toContain("/api/v1/auth/google_oauth2/callback?…");
    for (const secret of [
      back.searchParams.get("code"),
      back.searchParams.get("state"),
      landing.searchParams.get("auth_token"),
    ]) {
      expect(secret).toBeTruthy();
      expect(log).not.toContain(String(secret));
    }
  });
});

describe("origin", () => {
  it("sends nobody to another site's address, and starts no sign-in for it", async () => {
    const { start } = await startSignIn("google_oauth2", { origin: "https://evil.example" });
    expect(start.statusCode).toBe(302);
    expect(start.headers.location).toBe(`${APP}/sign_in?error=failed`);
    expect(start.headers["set-cookie"]).toBeUndefined();
  });

  it("goes back to an origin ALLOWED_ORIGINS names", async () => {
    google.setClaims(googleAccount("allowed-origin@example.com"));
    const { landing } = await signInWith("google_oauth2", { origin: "https://crm.example.com" });
    expect(`${landing.origin}${landing.pathname}`).toBe("https://crm.example.com/auth/google_oauth2");
  });
});

describe("sign-in with Microsoft", () => {
  it("signs in an email whose domain the tenant verified (xms_edov)", async () => {
    microsoft.setClaims({
      sub: "entra-pairwise-1",
      oid: "oid-1",
      email: "mscandidate@contoso.example",
      xms_edov: true,
    });
    const { landing } = await signInWith("microsoft_graph_auth");
    expect(`${landing.origin}${landing.pathname}`).toBe(`${APP}/auth/microsoft_graph_auth`);
    const validate = await t.app.inject({
      method: "GET",
      url: "/api/v1/auth/validate_token",
      headers: sessionOf(landing),
    });
    expect(validate.json().data).toMatchObject({ email: "mscandidate@contoso.example" });
  });

  it("refuses an email claim no one vouches for", async () => {
    microsoft.setClaims({ sub: "entra-pairwise-2", email: "ceo@victim.example" });
    const { landing } = await signInWith("microsoft_graph_auth");
    expect(landing.toString()).toBe(`${APP}/sign_in?error=email_unverified`);
  });
});

describe("sign-in with Microsoft's multi-tenant authority (the default, common)", () => {
  let common: Awaited<ReturnType<typeof startMockMicrosoftCommon>>;
  let app: FastifyInstance;
  beforeAll(async () => {
    common = await startMockMicrosoftCommon();
    app = await buildApp({
      db: t.db,
      pool: t.pool,
      store: t.store,
      clock: () => t.clock.now,
      readModels: t.readModels,
      appUrl: APP,
      signInProviders: { microsoft_graph_auth: common.settings },
      providerFetch: common.fetch,
    });
  });
  afterAll(async () => {
    await app?.close();
    await common?.close();
  });

  it("takes the id token of the user's own tenant", async () => {
    common.setClaims({ sub: "common-1", tid: MICROSOFT_TENANT, email: "tenant.user@fabrikam.example", xms_edov: true });
    const { start, landing } = await signInWith("microsoft_graph_auth", { app, local: common.local });
    expect(String(start.headers.location)).toMatch(
      /^https:\/\/login\.microsoftonline\.com\/common\/oauth2\/v2\.0\/authorize\?/,
    );
    expect(`${landing.origin}${landing.pathname}`).toBe(`${APP}/auth/microsoft_graph_auth`);
    expect(landing.searchParams.get("uid")).toBe("tenant.user@fabrikam.example");
  });

  it("refuses an id token whose issuer is not its own tenant's", async () => {
    common.setClaims({
      sub: "common-2",
      tid: "0e6f3f0a-1111-4222-8333-444455556666",
      email: "forged@fabrikam.example",
      xms_edov: true,
    });
    const { landing } = await signInWith("microsoft_graph_auth", { app, local: common.local });
    expect(landing.toString()).toBe(`${APP}/sign_in?error=failed`);
  });
});

describe("configuration", () => {
  it("lists which providers are configured, without a session", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/v1/auth/providers" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: [
        { type: "sign_in_provider", id: "google_oauth2", attributes: { configured: true } },
        { type: "sign_in_provider", id: "microsoft_graph_auth", attributes: { configured: true } },
      ],
    });
  });

  it("says a provider without a client id is not configured", async () => {
    const other = await buildApp({
      db: t.db,
      pool: t.pool,
      store: t.store,
      clock: () => t.clock.now,
      readModels: t.readModels,
      appUrl: APP,
    });
    onTestFinished(() => other.close());
    const query = new URLSearchParams({ option: "signin", origin: APP });
    const response = await other.inject({ method: "GET", url: `/api/v1/auth/google_oauth2?${query.toString()}` });
    expect(response.headers.location).toBe(`${APP}/sign_in?error=not_configured`);
    const list = await other.inject({ method: "GET", url: "/api/v1/auth/providers" });
    expect(list.json().data.map((each: { attributes: { configured: boolean } }) => each.attributes.configured)).toEqual(
      [false, false],
    );
  });

  it("answers 404 for a provider it does not know", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/v1/auth/github?option=signin&origin=x" });
    expect(response.statusCode).toBe(404);
  });
});
