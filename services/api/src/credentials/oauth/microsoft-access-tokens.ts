import { AuthError, type ICachePlugin, InteractionRequiredAuthError } from "@azure/msal-node";
import { type AccessTokens, GrantRevokedError } from "@hirestream/outreach/transports/access-tokens.ts";
import type { OidcClients } from "../../auth/provider-sign-in/oidc-clients.ts";
import type { Deps } from "../../deps.ts";
import { type OAuthGrant, readOAuthGrant, replaceOAuthGrant } from "../credential-secrets.ts";
import { grantMessages } from "./google-access-tokens.ts";
import { GRAPH_SCOPES } from "./mailbox-scopes.ts";
import { msalApplication } from "./msal-application.ts";
import { withTokenLock } from "./token-lock.ts";

type MicrosoftGrant = Extract<OAuthGrant, { provider: "microsoft_graph_auth" }>;

/**
 * msal-node's token cache for one mailbox, sealed in the credential's secrets: read before msal-node
 * looks in it, sealed again when a refresh changed it (a new access token, a rotated refresh token).
 */
function sealedCache(deps: Deps, credentialId: string, grant: MicrosoftGrant): ICachePlugin {
  let tokenCache = grant.tokenCache;
  return {
    async beforeCacheAccess(context) {
      context.tokenCache.deserialize(tokenCache);
    },
    async afterCacheAccess(context) {
      if (!context.cacheHasChanged) return;
      tokenCache = context.tokenCache.serialize();
      await replaceOAuthGrant(deps, credentialId, { ...grant, tokenCache });
    },
  };
}

/**
 * A Microsoft mailbox's access tokens for Graph, through msal-node: acquireTokenSilent answers the
 * cached token while it is good and refreshes it otherwise. A refusal that needs the person back
 * (invalid_grant: revoked, expired, password changed) is for good.
 */
export class MicrosoftAccessTokens implements AccessTokens {
  private readonly deps: Deps;
  private readonly credentialId: string;
  private readonly clients: OidcClients;

  constructor(deps: Deps, credentialId: string, clients: OidcClients) {
    this.deps = deps;
    this.credentialId = credentialId;
    this.clients = clients;
  }

  current(): Promise<string> {
    return this.acquire(false);
  }

  refresh(): Promise<string> {
    return this.acquire(true);
  }

  private acquire(forceRefresh: boolean): Promise<string> {
    return withTokenLock(this.deps, this.credentialId, async (trx) => {
      const deps = { ...this.deps, db: trx };
      const grant = await readOAuthGrant(deps, this.credentialId);
      if (grant?.provider !== "microsoft_graph_auth") throw new GrantRevokedError(grantMessages.missing);
      const application = msalApplication(this.clients, sealedCache(deps, this.credentialId, grant));
      if (!application) throw new Error(grantMessages.notConfigured);
      const account = await application.getTokenCache().getAccountByHomeId(grant.homeAccountId);
      if (!account) throw new GrantRevokedError(grantMessages.missing);
      try {
        const result = await application.acquireTokenSilent({ account, scopes: [...GRAPH_SCOPES], forceRefresh });
        return result.accessToken;
      } catch (error) {
        if (
          error instanceof InteractionRequiredAuthError ||
          (error instanceof AuthError && error.errorCode === "invalid_grant")
        ) {
          throw new GrantRevokedError(error.errorMessage || error.errorCode);
        }
        throw error;
      }
    });
  }
}
