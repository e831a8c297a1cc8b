import { LocalSequenceTransport } from "@hirestream/outreach/transports/local-sequence.transport.ts";
import type { SequenceMailTransport } from "@hirestream/outreach/transports/mail-transport.ts";
import { SmtpTransport } from "@hirestream/outreach/transports/smtp.transport.ts";
import type { Deps } from "../deps.ts";
import { readCredentialSecrets } from "./credential-secrets.ts";
import { oauthAccessTokens } from "./oauth/oauth-access-tokens.ts";

/**
 * Where a credential's sequence mail goes: the local mailbox, or its SMTP server with its secrets
 * opened. Null for a kind this server cannot send through (Google and Microsoft come with their
 * own transports) or an SMTP credential whose secrets are gone.
 */
export async function credentialTransport(
  deps: Deps,
  credentialId: string,
  providerType: string,
): Promise<SequenceMailTransport | null> {
  if (providerType === "local") return new LocalSequenceTransport(deps.pool, credentialId);
  if (providerType === "google_oauth2" || providerType === "microsoft_graph_auth") {
    return deps.connectedMailboxTransport?.(credentialId, providerType, oauthAccessTokens(deps, credentialId)) ?? null;
  }
  if (providerType === "smtp") {
    const secrets = await readCredentialSecrets(deps, credentialId);
    if (secrets) return new SmtpTransport(deps.pool, credentialId, secrets.smtp);
  }
  return null;
}
