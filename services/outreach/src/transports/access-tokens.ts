/**
 * A connected mailbox's OAuth access token (Gmail, Microsoft Graph), got from the credential's
 * sealed refresh token. Transports and mailbox readers ask for one per call and never see the
 * refresh token itself.
 */
export interface AccessTokens {
  /** A token that has not expired yet: the one at hand, or a freshly refreshed one. */
  current(): Promise<string>;
  /** After the API refused a token from `current()` (401): forget it and refresh now. */
  refresh(): Promise<string>;
}

/**
 * The provider refused the refresh token for good (revoked, expired, the password changed, the app
 * removed): nothing sends or reads until someone reconnects the mailbox. `providerMessage` is the
 * provider's own words, shown as the credential's error.
 */
export class GrantRevokedError extends Error {
  readonly providerMessage: string;
  constructor(providerMessage: string) {
    super(`The mailbox's sign-in was revoked or has expired: ${providerMessage}`);
    this.name = "GrantRevokedError";
    this.providerMessage = providerMessage;
  }
}
