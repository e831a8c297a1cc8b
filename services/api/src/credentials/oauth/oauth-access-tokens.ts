import { type AccessTokens, GrantRevokedError } from "@hirestream/outreach/transports/access-tokens.ts";
import { oidcClientsOf } from "../../auth/provider-sign-in/oidc-clients.ts";
import type { Deps } from "../../deps.ts";
import { readOAuthGrant } from "../credential-secrets.ts";
import { GoogleAccessTokens, grantMessages } from "./google-access-tokens.ts";
import { MicrosoftAccessTokens } from "./microsoft-access-tokens.ts";

/**
 * A connected mailbox's access tokens (Gmail's or Graph's), from its sealed grant. The provider is
 * the grant's own, looked up on first use; the refresh token never leaves this module's reach.
 */
export function oauthAccessTokens(deps: Deps, credentialId: string): AccessTokens {
  let source: Promise<AccessTokens> | undefined;
  const sourceOf = () => {
    source ??= (async () => {
      const grant = await readOAuthGrant(deps, credentialId);
      const clients = oidcClientsOf(deps);
      if (grant?.provider === "google_oauth2") return new GoogleAccessTokens(deps, credentialId, clients);
      if (grant?.provider === "microsoft_graph_auth") return new MicrosoftAccessTokens(deps, credentialId, clients);
      throw new GrantRevokedError(grantMessages.missing);
    })();
    // A failed look-up is tried again next time rather than kept.
    source.catch(() => {
      source = undefined;
    });
    return source;
  };
  return {
    current: async () => (await sourceOf()).current(),
    refresh: async () => (await sourceOf()).refresh(),
  };
}
