import { type AccessTokens, GrantRevokedError } from "@hirestream/outreach/transports/access-tokens.ts";
import * as oidc from "openid-client";
import type { OidcClients } from "../../auth/provider-sign-in/oidc-clients.ts";
import type { Deps } from "../../deps.ts";
import { type OAuthGrant, readOAuthGrant, replaceOAuthGrant } from "../credential-secrets.ts";
import { withTokenLock } from "./token-lock.ts";

type GoogleGrant = Extract<OAuthGrant, { provider: "google_oauth2" }>;

/** A token this close to its end is refreshed rather than handed to a call that may outlast it. */
const EXPIRY_MARGIN_MS = 60_000;
/** Google's access tokens last an hour; an answer without `expires_in` is taken as that. */
const DEFAULT_LIFETIME_S = 3600;

export const grantMessages = {
  missing: "The mailbox's sign-in is not stored: reconnect it",
  notConfigured: "Google and Microsoft mailboxes are not configured on this server",
} as const;

/**
 * A Google mailbox's access tokens: the one sealed beside the refresh token while it is good,
 * else a new one from the refresh grant at the token endpoint of GOOGLE_ISSUER's discovery,
 * sealed again for every process. A refusal of the refresh token (invalid_grant) is for good.
 */
export class GoogleAccessTokens implements AccessTokens {
  private readonly deps: Deps;
  private readonly credentialId: string;
  private readonly clients: OidcClients;
  private held: { token: string; expiresAt: number } | null = null;

  constructor(deps: Deps, credentialId: string, clients: OidcClients) {
    this.deps = deps;
    this.credentialId = credentialId;
    this.clients = clients;
  }

  async current(): Promise<string> {
    if (this.held && this.usable(this.held.expiresAt)) return this.held.token;
    return this.renew(false);
  }

  refresh(): Promise<string> {
    return this.renew(true);
  }

  private usable(expiresAt: number | undefined): boolean {
    return expiresAt !== undefined && expiresAt - EXPIRY_MARGIN_MS > this.deps.clock().getTime();
  }

  private renew(force: boolean): Promise<string> {
    const refused = this.held?.token;
    return withTokenLock(this.deps, this.credentialId, async (trx) => {
      const deps = { ...this.deps, db: trx };
      const grant = await readOAuthGrant(deps, this.credentialId);
      if (grant?.provider !== "google_oauth2") throw new GrantRevokedError(grantMessages.missing);
      // Forced after a refusal: another process may have refreshed since, and its token serves.
      const stored = force ? refused !== undefined && grant.accessToken !== refused : true;
      if (stored && grant.accessToken && this.usable(grant.expiresAt)) {
        return this.hold(grant.accessToken, grant.expiresAt ?? 0);
      }
      const renewed = await this.refreshGrant(grant);
      await replaceOAuthGrant(deps, this.credentialId, renewed);
      return this.hold(renewed.accessToken ?? "", renewed.expiresAt ?? 0);
    });
  }

  private hold(token: string, expiresAt: number): string {
    this.held = { token, expiresAt };
    return token;
  }

  private async refreshGrant(grant: GoogleGrant): Promise<GoogleGrant> {
    const config = await this.clients.get("google_oauth2");
    if (!config) throw new Error(grantMessages.notConfigured);
    let answer: Awaited<ReturnType<typeof oidc.refreshTokenGrant>>;
    try {
      answer = await oidc.refreshTokenGrant(config, grant.refreshToken);
    } catch (error) {
      if (error instanceof oidc.ResponseBodyError && error.error === "invalid_grant") {
        throw new GrantRevokedError(error.error_description ?? error.error);
      }
      throw error;
    }
    return {
      provider: "google_oauth2",
      // Google keeps the refresh token; one it rotates replaces it.
      refreshToken: answer.refresh_token ?? grant.refreshToken,
      accessToken: answer.access_token,
      expiresAt: this.deps.clock().getTime() + (answer.expires_in ?? DEFAULT_LIFETIME_S) * 1000,
    };
  }
}
