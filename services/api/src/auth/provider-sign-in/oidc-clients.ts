import type { SignInProviderId } from "@hirestream/contracts/accounts/sign-in-providers.ts";
import * as oidc from "openid-client";

/** One OpenID provider this server signs people in with. */
export interface SignInProviderSettings {
  /** Where its OpenID configuration is discovered (`{issuer}/.well-known/openid-configuration`). */
  issuer: string;
  clientId: string;
  clientSecret?: string | undefined;
}

/** The providers configured (GOOGLE_*, MICROSOFT_*); a provider left out is not offered. */
export type SignInProviders = Partial<Record<SignInProviderId, SignInProviderSettings>>;

/** How the server reaches the providers over HTTP: `fetch` unless given (tests route an address to a local server). */
export type ProviderFetch = oidc.CustomFetch;

/** Plain HTTP is for a provider on this machine (a development or test server), never one elsewhere. */
function onThisMachine(url: URL): boolean {
  return url.protocol === "http:" && ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
}

/**
 * The relying-party configuration of each provider, discovered on first use and kept. A discovery
 * that fails is forgotten, so the next sign-in tries again rather than failing until a restart.
 */
export class OidcClients {
  private readonly discovered = new Map<SignInProviderId, Promise<oidc.Configuration>>();

  private readonly providers: SignInProviders;
  private readonly fetch: ProviderFetch | undefined;

  constructor(providers: SignInProviders, fetch?: ProviderFetch) {
    this.providers = providers;
    this.fetch = fetch;
  }

  configured(provider: SignInProviderId): boolean {
    return this.providers[provider] !== undefined;
  }

  /** The provider's client (id, secret, issuer), or undefined when it is not configured. */
  settingsOf(provider: SignInProviderId): SignInProviderSettings | undefined {
    return this.providers[provider];
  }

  /** How the providers are reached, when not by `fetch`. */
  fetcher(): ProviderFetch | undefined {
    return this.fetch;
  }

  /** The provider's configuration, or null when it is not configured. */
  async get(provider: SignInProviderId): Promise<oidc.Configuration | null> {
    const settings = this.providers[provider];
    if (!settings) return null;
    let found = this.discovered.get(provider);
    if (!found) {
      found = discover(settings, this.fetch);
      this.discovered.set(provider, found);
      found.catch(() => this.discovered.delete(provider));
    }
    return found;
  }
}

/** One set of discovered providers per configuration: sign-in, connecting and token refreshes share it. */
const clientsBySettings = new WeakMap<SignInProviders, OidcClients>();

export function oidcClientsOf(deps: {
  signInProviders?: SignInProviders | undefined;
  providerFetch?: ProviderFetch | undefined;
}): OidcClients {
  const providers = deps.signInProviders;
  if (!providers) return new OidcClients({}, deps.providerFetch);
  let clients = clientsBySettings.get(providers);
  if (!clients) {
    clients = new OidcClients(providers, deps.providerFetch);
    clientsBySettings.set(providers, clients);
  }
  return clients;
}

/**
 * Microsoft's `common`, `organizations` and `consumers` authorities publish the issuer
 * `https://login.microsoftonline.com/{tenantid}/v2.0`; openid-client then expects each id token's
 * `iss` to be that template filled with the token's own `tid`.
 */
function discover(settings: SignInProviderSettings, fetch: ProviderFetch | undefined): Promise<oidc.Configuration> {
  const issuer = new URL(settings.issuer);
  return oidc.discovery(
    issuer,
    settings.clientId,
    settings.clientSecret ? { client_secret: settings.clientSecret } : undefined,
    undefined,
    {
      timeout: 10,
      ...(onThisMachine(issuer) ? { execute: [oidc.allowInsecureRequests] } : {}),
      ...(fetch ? { [oidc.customFetch]: fetch } : {}),
    },
  );
}
