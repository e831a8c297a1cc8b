import type { OAuthProviderType } from "@hirestream/domain/credential/credential.decider.ts";
import type { AccessTokens } from "@hirestream/outreach/transports/access-tokens.ts";
import { LocalSequenceTransport } from "@hirestream/outreach/transports/local-sequence.transport.ts";
import type { SentMessage, SequenceMailTransport } from "@hirestream/outreach/transports/mail-transport.ts";
import type pg from "pg";

/**
 * For tests only: a connected mailbox that keeps its mail in the local mailbox, and asks its access
 * tokens for a token before each call, as the Gmail and Graph transports do before each request.
 * A refused grant therefore stops it where it would stop them.
 */
export class TokenCheckingTransport implements SequenceMailTransport {
  private readonly inner: SequenceMailTransport;
  private readonly tokens: AccessTokens;

  constructor(inner: SequenceMailTransport, tokens: AccessTokens) {
    this.inner = inner;
    this.tokens = tokens;
  }

  async createDraft(raw: Buffer, options: { key: string }): Promise<{ draftId: string }> {
    await this.tokens.current();
    return this.inner.createDraft(raw, options);
  }

  async sendDraft(draftId: string): Promise<SentMessage> {
    await this.tokens.current();
    return this.inner.sendDraft(draftId);
  }

  async findSent(query: { messageId: string } | { key: string }): Promise<SentMessage | undefined> {
    await this.tokens.current();
    return this.inner.findSent(query);
  }

  async draftExists(draftId: string): Promise<boolean> {
    await this.tokens.current();
    return this.inner.draftExists(draftId);
  }
}

/** `connectedMailboxTransport` for tests: every connected mailbox delivers into the local mailbox. */
export function localMailboxWithTokens(pool: pg.Pool) {
  return (credentialId: string, _provider: OAuthProviderType, tokens: AccessTokens): SequenceMailTransport =>
    new TokenCheckingTransport(new LocalSequenceTransport(pool, credentialId), tokens);
}
