import { GmailTransport } from "@hirestream/outreach/transports/gmail.transport.ts";
import { GraphTransport } from "@hirestream/outreach/transports/graph.transport.ts";
import { LocalSequenceTransport } from "@hirestream/outreach/transports/local-sequence.transport.ts";
import type { SequenceMailTransport } from "@hirestream/outreach/transports/mail-transport.ts";
import { SmtpTransport } from "@hirestream/outreach/transports/smtp.transport.ts";
import type { Deps } from "../deps.ts";
import { readCredentialSecrets } from "./credential-secrets.ts";
import { oauthAccessTokens } from "./oauth/oauth-access-tokens.ts";

/**
 * Where a credential's sequence mail goes: the local mailbox, its SMTP server with its secrets
 * opened, or a connected Gmail or Microsoft 365 mailbox through its own API with the credential's
 * access tokens. Null for an SMTP credential whose secrets are gone.
 */
export async function credentialTransport(
  deps: Deps,
  credentialId: string,
  providerType: string,
): Promise<SequenceMailTransport | null> {
  if (providerType === "local") return new LocalSequenceTransport(deps.pool, credentialId);
  if (providerType === "google_oauth2") {
    return new GmailTransport(
      oauthAccessTokens(deps, credentialId),
      deps.mailApis ? { apiUrl: deps.mailApis.gmail } : {},
    );
  }
  if (providerType === "microsoft_graph_auth") {
    return new GraphTransport(
      oauthAccessTokens(deps, credentialId),
      deps.mailApis ? { apiUrl: deps.mailApis.graph } : {},
    );
  }
  if (providerType === "smtp") {
    const secrets = await readCredentialSecrets(deps, credentialId);
    if (secrets) return new SmtpTransport(deps.pool, credentialId, secrets.smtp);
  }
  return null;
}
