import { randomUUID } from "node:crypto";
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
  /**
   * From now on, refresh grants are refused as a revoked grant is (400 invalid_grant, with these
   * words); null: granted again.
   */
  refuseRefresh(description: string | null): void;
  /** The next consent is refused, as a person pressing Cancel at the provider would. */
  denyNextConsent(): void;
  /** Scopes the next consents leave out, as a person unticking them would. */
  withholdScopes(scopes: readonly string[]): void;
  /** The grant types of every token request so far, in order. */
  tokenRequests(): string[];
  /**
   * Whether an access token is one this provider issued and still honours, for a local Gmail or
   * Graph server to check bearer tokens against: refusing refreshes (a revoked grant) voids every
   * token issued before, as revoking an app's access does.
   */
  accepts(token: string): boolean;
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
  let refusal: string | null = null;
  let withheld: readonly string[] = [];
  let denying = false;
  const grants: string[] = [];
  const issued = new Set<string>();
  // As real providers do, a code's token answer names the scopes its consent granted.
  const consented = new Map<string, string>();
  server.service.on(Events.BeforeAuthorizeRedirect, (redirect, request) => {
    const asked = new URL(request.url ?? "", origin).searchParams;
    challengeMethod = asked.get("code_challenge_method") ?? undefined;
    if (denying) {
      denying = false;
      redirect.url.searchParams.delete("code");
      redirect.url.searchParams.set("error", "access_denied");
      return;
    }
    const code = redirect.url.searchParams.get("code");
    const scope = asked.get("scope");
    if (code && scope) {
      consented.set(
        code,
        scope
          .split(" ")
          .filter((each) => !withheld.includes(each))
          .join(" "),
      );
    }
  });
  server.service.on(Events.BeforeTokenSigning, (token) => {
    // Real tokens differ each time, even two issued within the same second.
    Object.assign(token.payload, { jti: randomUUID() }, claims);
  });
  server.service.on(Events.BeforeResponse, (response, request) => {
    const { grant_type: grantType, code } = request.body;
    grants.push(grantType);
    if (grantType === "refresh_token" && refusal !== null) {
      response.statusCode = 400;
      response.body = { error: "invalid_grant", error_description: refusal };
      return;
    }
    if (typeof response.body !== "object") return;
    if (typeof response.body.access_token === "string") issued.add(response.body.access_token);
    const scope = code === undefined ? undefined : consented.get(code);
    if (scope !== undefined) response.body.scope = scope;
    if (endpoints) {
      // Microsoft's answer names the account (object id, tenant id) in client_info, which msal-node keys its cache by.
      const account = {
        uid: String(claims.oid ?? claims.sub ?? "johndoe"),
        utid: String(claims.tid ?? MICROSOFT_TENANT),
      };
      response.body.client_info = Buffer.from(JSON.stringify(account)).toString("base64url");
    }
  });
  return {
    server,
    origin,
    settings: { issuer: origin, clientId, clientSecret: "a client secret" },
    setClaims(given) {
      claims = given;
    },
    lastChallengeMethod: () => challengeMethod,
    refuseRefresh(description) {
      refusal = description;
      if (description !== null) issued.clear();
    },
    denyNextConsent() {
      denying = true;
    },
    withholdScopes(scopes) {
      withheld = scopes;
    },
    tokenRequests: () => [...grants],
    accepts: (token) => issued.has(token),
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
