import { Events, OAuth2Server } from "oauth2-mock-server";
import type { ProviderFetch, SignInProviderSettings } from "../auth/provider-sign-in/oidc-clients.ts";

/** A local OpenID provider (oauth2-mock-server: real keys, real PKCE checks) standing in for Google or Microsoft. */
export interface MockSignInProvider {
  /** What to configure the app with (GOOGLE_ISSUER, or MICROSOFT_AUTHORITY + `/v2.0`). */
  settings: SignInProviderSettings;
  /** The claims the next tokens carry beside the issuer's own (`sub`, `email`, `email_verified`…). */
  setClaims(claims: Record<string, unknown>): void;
  /** The `code_challenge_method` of the last authorization request, as the provider received it. */
  lastChallengeMethod(): string | undefined;
  close(): Promise<void>;
}

interface Started extends MockSignInProvider {
  server: OAuth2Server;
  origin: string;
}

async function start(clientId: string, endpoints?: Record<string, string>): Promise<Started> {
  const server = new OAuth2Server(undefined, undefined, endpoints ? { endpoints } : {});
  await server.issuer.keys.generate("RS256");
  await server.start(0, "127.0.0.1");
  const origin = server.issuer.url ?? "";
  let challengeMethod: string | undefined;
  let claims: Record<string, unknown> = {};
  server.service.on(Events.BeforeAuthorizeRedirect, (_redirect, request) => {
    challengeMethod = new URL(request.url ?? "", origin).searchParams.get("code_challenge_method") ?? undefined;
  });
  server.service.on(Events.BeforeTokenSigning, (token) => {
    Object.assign(token.payload, claims);
  });
  return {
    server,
    origin,
    settings: { issuer: origin, clientId, clientSecret: "a client secret" },
    setClaims(given) {
      claims = given;
    },
    lastChallengeMethod: () => challengeMethod,
    close: () => server.stop(),
  };
}

/** The discovery document names each endpoint at `base` + its path, rather than the mock's issuer + path. */
function advertiseEndpoints(server: OAuth2Server, base: string, endpoints: Record<string, string>) {
  server.service.on(Events.BeforeWellKnownOpenIdConfiguration, (response) => {
    Object.assign(response.body, {
      authorization_endpoint: `${base}${endpoints.authorize}`,
      token_endpoint: `${base}${endpoints.token}`,
      jwks_uri: `${base}${endpoints.jwks}`,
      userinfo_endpoint: `${base}${endpoints.userinfo}`,
    });
  });
}

const microsoftEndpoints = (tenant: string) => ({
  wellKnownDocument: `/${tenant}/v2.0/.well-known/openid-configuration`,
  authorize: `/${tenant}/oauth2/v2.0/authorize`,
  token: `/${tenant}/oauth2/v2.0/token`,
  jwks: `/${tenant}/discovery/v2.0/keys`,
  userinfo: "/oidc/userinfo",
});

/** Google's shape: the issuer at the server's root. */
export async function startMockGoogle(): Promise<MockSignInProvider> {
  return start("hirestream-google.apps.example");
}

export const MICROSOFT_TENANT = "5b2f7a55-0d7e-4b8e-9a3c-6f1d2e8c4a10";
const MICROSOFT_CLIENT_ID = "7d1c2b3a-0000-4000-8000-hirestream";

/** Microsoft's shape for one tenant: the issuer `…/{tenant}/v2.0`, its endpoints under `/{tenant}/oauth2/v2.0`. */
export async function startMockMicrosoft(): Promise<MockSignInProvider> {
  const endpoints = microsoftEndpoints(MICROSOFT_TENANT);
  const provider = await start(MICROSOFT_CLIENT_ID, endpoints);
  const issuer = `${provider.origin}/${MICROSOFT_TENANT}/v2.0`;
  provider.server.issuer.url = issuer;
  advertiseEndpoints(provider.server, provider.origin, endpoints);
  return { ...provider, settings: { ...provider.settings, issuer } };
}

const MICROSOFT_LOGIN = "https://login.microsoftonline.com";

/**
 * Microsoft's multi-tenant `common` authority at its real address: its discovery names the issuer
 * `https://login.microsoftonline.com/{tenantid}/v2.0` and its id tokens that of the user's tenant.
 * The API reaches it through `fetch` (which sends Microsoft's address here), and the test's
 * browser through `local`.
 */
export async function startMockMicrosoftCommon(): Promise<
  MockSignInProvider & { fetch: ProviderFetch; local(url: string): string }
> {
  const endpoints = microsoftEndpoints("common");
  const provider = await start(MICROSOFT_CLIENT_ID, endpoints);
  provider.server.issuer.url = `${MICROSOFT_LOGIN}/${MICROSOFT_TENANT}/v2.0`;
  advertiseEndpoints(provider.server, MICROSOFT_LOGIN, endpoints);
  provider.server.service.on(Events.BeforeWellKnownOpenIdConfiguration, (response) => {
    Object.assign(response.body, { issuer: `${MICROSOFT_LOGIN}/{tenantid}/v2.0` });
  });
  const local = (url: string) =>
    url.startsWith(MICROSOFT_LOGIN) ? `${provider.origin}${url.slice(MICROSOFT_LOGIN.length)}` : url;
  return {
    ...provider,
    settings: { ...provider.settings, issuer: `${MICROSOFT_LOGIN}/common/v2.0` },
    // The client sends forms (URLSearchParams) and nothing else to a provider.
    fetch: (url, { body, ...options }) =>
      fetch(local(url), {
        ...options,
        body: typeof body === "string" || body instanceof URLSearchParams ? body : null,
      }),
    local,
  };
}
