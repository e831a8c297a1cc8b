import { GmailReader } from "@hirestream/outreach/inbound/gmail.reader.ts";
import { GraphReader } from "@hirestream/outreach/inbound/graph.reader.ts";
import { ImapReader } from "@hirestream/outreach/inbound/imap-reader.ts";
import type { MailboxReader } from "@hirestream/outreach/inbound/mailbox-reader.ts";
import type { Deps } from "../deps.ts";
import { readCredentialSecrets } from "./credential-secrets.ts";
import { oauthAccessTokens } from "./oauth/oauth-access-tokens.ts";

/** The credential kinds whose mailboxes may be read: the poll asks `credentialReader` about each. */
export const READABLE_PROVIDER_TYPES = ["smtp", "google_oauth2", "microsoft_graph_auth"] as const;

/**
 * How a credential's incoming mail is read, beside credentialTransport's how it sends: an SMTP
 * credential through the IMAP server it was given, a Gmail mailbox through its history, a Microsoft
 * 365 one through its inbox's delta query. Null when it has none to read (the local mailbox takes
 * its mail through its inbound call; an SMTP credential without IMAP).
 */
export async function credentialReader(
  deps: Deps,
  credentialId: string,
  providerType: string,
): Promise<MailboxReader | null> {
  if (providerType === "google_oauth2") {
    return new GmailReader(oauthAccessTokens(deps, credentialId), deps.mailApis ? { apiUrl: deps.mailApis.gmail } : {});
  }
  if (providerType === "microsoft_graph_auth") {
    return new GraphReader(oauthAccessTokens(deps, credentialId), {
      clock: deps.clock,
      ...(deps.mailApis ? { apiUrl: deps.mailApis.graph } : {}),
    });
  }
  if (providerType === "smtp") {
    const secrets = await readCredentialSecrets(deps, credentialId);
    if (secrets?.imap) return new ImapReader(secrets.imap, { now: deps.clock });
  }
  return null;
}
