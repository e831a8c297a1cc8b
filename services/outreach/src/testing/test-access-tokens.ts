import { randomBytes } from "node:crypto";
import { type AccessTokens, GrantRevokedError } from "../transports/access-tokens.ts";

/**
 * The grant of a test mailbox server: the access tokens it takes now, and a refresh that mints a
 * new one until the grant is revoked. The real source of tokens (OAuth refresh against Google or
 * Microsoft) lives with the credentials; the transports only see `AccessTokens`.
 */
export class TestGrant {
  readonly #valid = new Set<string>();
  #revoked: string | undefined;
  /** How many tokens were minted (the first included). */
  minted = 0;

  readonly revokedMessage: string;

  constructor(revokedMessage: string) {
    this.revokedMessage = revokedMessage;
  }

  accepts(token: string): boolean {
    return this.#valid.has(token);
  }

  /** A new access token, as a refresh would give; throws GrantRevokedError once revoked. */
  mint(): string {
    if (this.#revoked !== undefined) throw new GrantRevokedError(this.#revoked);
    const token = `ya29.${randomBytes(18).toString("base64url")}`;
    this.#valid.add(token);
    this.minted += 1;
    return token;
  }

  /** Every access token given so far is refused from now on; a refresh mints a new one. */
  expireAccessTokens(): void {
    this.#valid.clear();
  }

  /** The user removed the app's access: every token is refused and no refresh works. */
  revoke(message = this.revokedMessage): void {
    this.#revoked = message;
    this.#valid.clear();
  }
}

/** AccessTokens over a test grant: holds one token until asked to refresh it. */
export class TestAccessTokens implements AccessTokens {
  readonly #grant: TestGrant;
  #token: string | undefined;
  refreshes = 0;

  constructor(grant: TestGrant) {
    this.#grant = grant;
  }

  async current(): Promise<string> {
    this.#token ??= this.#grant.mint();
    return this.#token;
  }

  async refresh(): Promise<string> {
    this.refreshes += 1;
    this.#token = undefined;
    this.#token = this.#grant.mint();
    return this.#token;
  }
}
