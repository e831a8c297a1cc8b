import { randomBytes } from "node:crypto";
import {
  type ProviderSignInError,
  providerCallbackQuery,
  providerSignInQuery,
  type SignInProviderId,
  type SignInProvidersDocument,
  signInProviderId,
  signInProviderIds,
} from "@hirestream/contracts/accounts/sign-in-providers.ts";
import { connectOption } from "@hirestream/contracts/credentials/mailbox-connect.ts";
import { DomainError } from "@hirestream/contracts/errors.ts";
import { parseCookie, stringifySetCookie } from "cookie";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import * as oidc from "openid-client";
import {
  finishConnection,
  type ProviderRedirects,
  startConnection,
} from "../../credentials/mailbox-connect/connect-flow.ts";
import { issueProviderTicket } from "../../credentials/mailbox-connect/provider-tickets.ts";
import type { Deps } from "../../deps.ts";
import { requireSession } from "../authenticate.ts";
import type { SessionCache } from "../session-cache.ts";
import { createSession, type Session } from "../sessions.ts";
import { oidcClientsOf } from "./oidc-clients.ts";
import { accountFor, identityOf } from "./provider-accounts.ts";
import { SIGN_IN_REQUEST_LIFESPAN_MS, saveSignInRequest, takeSignInRequest } from "./sign-in-requests.ts";

/** Ties a sign-in to the browser that started it, so nobody can finish theirs in someone else's. */
const BROWSER_COOKIE = "hirestream_provider_sign_in";
const COOKIE_PATH = "/api/v1/auth/";

/** The path the provider sends the browser back to; registered with the provider as `{APP_URL}` + this. */
export const callbackPath = (provider: SignInProviderId) => `/api/v1/auth/${provider}/callback`;

/**
 * Sign-in with Google and Microsoft (spec §7's redirects): an OpenID Connect authorization-code
 * flow with PKCE (S256), state and nonce, ending at the web app's `/auth/{provider}` with the
 * session's credentials, or at its `/sign_in?error=…` with a reason in words the page knows.
 */
export function providerSignInRoutes(app: FastifyInstance, deps: Deps & { sessions: SessionCache }): void {
  const clients = oidcClientsOf(deps);
  const appOrigin = new URL(deps.appUrl).origin;
  const secureCookie = new URL(deps.appUrl).protocol === "https:";
  const redirectUri = (provider: SignInProviderId) => new URL(callbackPath(provider), deps.appUrl).toString();

  /** The app's own pages only: APP_URL's, ALLOWED_ORIGINS', or the address this request reached. */
  const trustedOrigin = (request: FastifyRequest, given: string): string | null => {
    let origin: string;
    try {
      origin = new URL(given).origin;
    } catch {
      return null;
    }
    if (origin === "null" || origin !== given.replace(/\/$/, "").toLowerCase()) return null;
    const own = `${request.protocol}://${request.host}`.toLowerCase();
    return origin === appOrigin || origin === own || (deps.allowedOrigins ?? []).includes(origin) ? origin : null;
  };

  const fail = (reply: FastifyReply, origin: string, error: ProviderSignInError) =>
    reply.redirect(`${origin}/sign_in?${new URLSearchParams({ error }).toString()}`, 302);

  const browserCookie = (value: string, maxAgeSeconds: number) =>
    stringifySetCookie({
      name: BROWSER_COOKIE,
      value,
      httpOnly: true,
      // Lax: the provider's redirect back is a top-level navigation, which carries it.
      sameSite: "lax",
      secure: secureCookie,
      path: COOKIE_PATH,
      maxAge: maxAgeSeconds,
    });

  const redirects: ProviderRedirects = { clients, callbackPath, redirectUri, trustedOrigin, browserCookie };

  // Connecting a mailbox starts with a page load, which carries no session headers: a ticket stands in.
  app.post("/auth/provider_tickets", async (request, reply) => {
    const session = requireSession(request);
    reply.status(201);
    return issueProviderTicket(deps.db, session.userId, deps.clock());
  });

  app.get(
    "/auth/providers",
    async (): Promise<SignInProvidersDocument> => ({
      data: signInProviderIds.map((id) => ({
        type: "sign_in_provider",
        id,
        attributes: { configured: clients.configured(id) },
      })),
    }),
  );

  app.get<{ Params: { provider: string } }>("/auth/:provider", async (request, reply) => {
    const provider = signInProviderId.safeParse(request.params.provider);
    if (!provider.success) throw new DomainError("NOT_FOUND", "No such provider");
    if (connectOption.safeParse(request.query).success) {
      return startConnection(deps, redirects, request, reply, provider.data);
    }
    const query = providerSignInQuery.safeParse(request.query);
    const origin = query.success ? trustedOrigin(request, query.data.origin) : null;
    // Never back to an address that is not the app's own: that would hand a session to anyone.
    if (!origin) return fail(reply, appOrigin, "failed");
    let config: oidc.Configuration | null;
    try {
      config = await clients.get(provider.data);
    } catch (error) {
      request.log.warn({ provider: provider.data, reason: reasonOf(error) }, "provider discovery failed");
      return fail(reply, origin, "failed");
    }
    if (!config) return fail(reply, origin, "not_configured");
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const browser = randomBytes(32).toString("base64url");
    await saveSignInRequest(
      deps.db,
      { state, browser, provider: provider.data, origin, nonce, codeVerifier },
      deps.clock(),
    );
    const authorizationUrl = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri(provider.data),
      scope: "openid email profile",
      state,
      nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: "S256",
      // Google and Microsoft otherwise sign in whoever is signed in there, with no choice.
      prompt: "select_account",
    });
    reply.header("set-cookie", browserCookie(browser, SIGN_IN_REQUEST_LIFESPAN_MS / 1000));
    return reply.redirect(authorizationUrl.toString(), 302);
  });

  app.get<{ Params: { provider: string } }>("/auth/:provider/callback", async (request, reply) => {
    const provider = signInProviderId.safeParse(request.params.provider);
    if (!provider.success) throw new DomainError("NOT_FOUND", "No such provider");
    reply.header("set-cookie", browserCookie("", 0));
    const query = providerCallbackQuery.safeParse(request.query);
    if (!query.success || !query.data.state) return fail(reply, appOrigin, "expired");
    const now = deps.clock();
    const started = await takeSignInRequest(
      deps.db,
      {
        state: query.data.state,
        browser: parseCookie(request.headers.cookie ?? "")[BROWSER_COOKIE],
        provider: provider.data,
      },
      now,
    );
    if (!started) return fail(reply, appOrigin, "expired");
    if (started.connection) {
      return finishConnection(
        deps,
        redirects,
        request,
        reply,
        { ...started, connection: started.connection },
        query.data,
      );
    }
    const { origin } = started;
    if (query.data.error) return fail(reply, origin, query.data.error === "access_denied" ? "denied" : "failed");
    const config = await clients.get(provider.data).catch(() => null);
    if (!config) return fail(reply, origin, "failed");
    const answer = new URL(redirectUri(provider.data));
    answer.search = new URL(request.url, appOrigin).search;
    let claims: unknown;
    try {
      const tokens = await oidc.authorizationCodeGrant(config, answer, {
        pkceCodeVerifier: started.codeVerifier,
        expectedState: started.state,
        expectedNonce: started.nonce,
        idTokenExpected: true,
      });
      claims = tokens.claims();
    } catch (error) {
      // The reason only: the error's cause may hold the provider's answer, tokens included.
      request.log.warn({ provider: provider.data, reason: reasonOf(error) }, "provider sign-in refused");
      return fail(reply, origin, "failed");
    }
    const outcome = identityOf(provider.data, claims);
    if ("error" in outcome) return fail(reply, origin, outcome.error);
    let session: Session;
    try {
      const user = await accountFor(deps, outcome.identity, request.id);
      session = await createSession(deps.db, user, now);
      deps.sessions.forgetUser(user.id);
    } catch (error) {
      request.log.error(
        { provider: provider.data, reason: reasonOf(error) },
        "provider sign-in could not open the account",
      );
      return fail(reply, origin, "failed");
    }
    const landing = new URLSearchParams({
      auth_token: session.token,
      uid: session.email,
      client_id: session.client,
      expiry: String(session.expiry),
    });
    return reply.redirect(`${origin}/auth/${provider.data}?${landing.toString()}`, 302);
  });
}

function reasonOf(error: unknown): string {
  if (error instanceof oidc.AuthorizationResponseError) return `${error.error}`;
  return error instanceof Error ? `${error.name}: ${error.message}` : "unknown";
}
