import type { MailboxConnectError } from "@hirestream/contracts/credentials/mailbox-connect.ts";
import type { OAuthProviderType } from "@hirestream/domain/credential/credential.decider.ts";
import * as oidc from "openid-client";
import type { OidcClients } from "../../auth/provider-sign-in/oidc-clients.ts";
import type { OAuthGrant } from "../credential-secrets.ts";
import { GMAIL_SCOPES, GOOGLE_MAILBOX_SCOPE, grantedAll, MICROSOFT_MAILBOX_SCOPES } from "../oauth/mailbox-scopes.ts";
import { msalApplication } from "../oauth/msal-application.ts";

/** What the authorization request carries: the checks kept server-side, and the mailbox a Reconnect expects. */
export interface AuthorizationRequest {
  redirectUri: string;
  state: string;
  nonce: string;
  codeVerifier: string;
  loginHint?: string | undefined;
}

/** The provider's answer at the callback, with what it must match. */
export interface CodeAnswer {
  callbackUrl: URL;
  code: string;
  redirectUri: string;
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** The id token's claims of the mailbox signed in to, and its grant to seal; or why not, and (for the log) the reason. */
export type CodeExchange = { claims: unknown; grant: OAuthGrant } | { error: MailboxConnectError; reason?: string };

export function reasonOf(error: unknown): string {
  if (error instanceof oidc.AuthorizationResponseError || error instanceof oidc.ResponseBodyError) return error.error;
  return error instanceof Error ? `${error.name}: ${error.message}` : "unknown";
}

/** The authorization URL that asks for the mailbox, or null when this server has no client for the provider. */
export async function mailboxAuthorizationUrl(
  clients: OidcClients,
  provider: OAuthProviderType,
  request: AuthorizationRequest,
): Promise<URL | null> {
  const codeChallenge = await oidc.calculatePKCECodeChallenge(request.codeVerifier);
  if (provider === "google_oauth2") {
    const config = await clients.get("google_oauth2");
    if (!config) return null;
    return oidc.buildAuthorizationUrl(config, {
      redirect_uri: request.redirectUri,
      scope: GOOGLE_MAILBOX_SCOPE,
      state: request.state,
      nonce: request.nonce,
      code_challenge: codeChallenge,
      code_challenge_method: "S256",
      // A refresh token comes back only offline, and again on a reconnect only with consent asked anew.
      access_type: "offline",
      prompt: "consent",
      ...(request.loginHint ? { login_hint: request.loginHint } : {}),
    });
  }
  const application = msalApplication(clients);
  if (!application) return null;
  const url = await application.getAuthCodeUrl({
    scopes: MICROSOFT_MAILBOX_SCOPES,
    redirectUri: request.redirectUri,
    state: request.state,
    nonce: request.nonce,
    codeChallenge,
    codeChallengeMethod: "S256",
    responseMode: "query",
    prompt: "select_account",
    ...(request.loginHint ? { loginHint: request.loginHint } : {}),
  });
  return new URL(url);
}

/** The code exchanged for the mailbox's tokens: Google through openid-client, Microsoft through msal-node. */
export async function exchangeMailboxCode(
  clients: OidcClients,
  provider: OAuthProviderType,
  answer: CodeAnswer,
  now: Date,
): Promise<CodeExchange> {
  return provider === "google_oauth2" ? exchangeGoogle(clients, answer, now) : exchangeMicrosoft(clients, answer);
}

async function exchangeGoogle(clients: OidcClients, answer: CodeAnswer, now: Date): Promise<CodeExchange> {
  const config = await clients.get("google_oauth2").catch(() => null);
  if (!config) return { error: "not_configured" };
  let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
  try {
    tokens = await oidc.authorizationCodeGrant(config, answer.callbackUrl, {
      pkceCodeVerifier: answer.codeVerifier,
      expectedState: answer.state,
      expectedNonce: answer.nonce,
      idTokenExpected: true,
    });
  } catch (error) {
    return { error: "failed", reason: reasonOf(error) };
  }
  if (!grantedAll(tokens.scope, GMAIL_SCOPES)) return { error: "scopes_missing" };
  if (!tokens.refresh_token) return { error: "failed", reason: "no refresh token in the answer" };
  return {
    claims: tokens.claims(),
    grant: {
      provider: "google_oauth2",
      refreshToken: tokens.refresh_token,
      accessToken: tokens.access_token,
      expiresAt: now.getTime() + (tokens.expires_in ?? 3600) * 1000,
    },
  };
}

async function exchangeMicrosoft(clients: OidcClients, answer: CodeAnswer): Promise<CodeExchange> {
  const application = msalApplication(clients);
  if (!application) return { error: "not_configured" };
  let result: Awaited<ReturnType<typeof application.acquireTokenByCode>>;
  try {
    result = await application.acquireTokenByCode(
      {
        code: answer.code,
        scopes: MICROSOFT_MAILBOX_SCOPES,
        redirectUri: answer.redirectUri,
        codeVerifier: answer.codeVerifier,
        state: answer.state,
        // msal-node checks the id token's nonce against this one, and the returned state against `state`.
        nonce: answer.nonce,
      },
      { code: answer.code, state: answer.state },
    );
  } catch (error) {
    return { error: "failed", reason: reasonOf(error) };
  }
  const claims = result.idTokenClaims;
  // msal-node takes the id token from the token endpoint over TLS; its nonce must still be ours.
  if (!("nonce" in claims) || claims.nonce !== answer.nonce) return { error: "failed", reason: "nonce mismatch" };
  if (!grantedAll(result.scopes, MICROSOFT_MAILBOX_SCOPES.slice(0, 2))) return { error: "scopes_missing" };
  if (!result.account) return { error: "failed", reason: "no account in the answer" };
  return {
    claims,
    grant: {
      provider: "microsoft_graph_auth",
      homeAccountId: result.account.homeAccountId,
      tokenCache: application.getTokenCache().serialize(),
    },
  };
}
