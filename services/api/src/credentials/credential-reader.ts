import { ImapReader } from "@hirestream/outreach/inbound/imap-reader.ts";
import type { MailboxReader } from "@hirestream/outreach/inbound/mailbox-reader.ts";
import type { Deps } from "../deps.ts";
import { readCredentialSecrets } from "./credential-secrets.ts";

/** The credential kinds whose mailboxes may be read: the poll asks `credentialReader` about each. */
export const READABLE_PROVIDER_TYPES = ["smtp", "google_oauth2", "microsoft_graph_auth"] as const;

/**
 * How a credential's incoming mail is read, beside credentialTransport's how it sends: an SMTP
 * credential through the IMAP server it was given. Null when it has none to read (the local
 * mailbox takes its mail through its inbound call; an SMTP credential without IMAP; Google and
 * Microsoft until their readers are here).
 */
export async function credentialReader(
  deps: Deps,
  credentialId: string,
  providerType: string,
): Promise<MailboxReader | null> {
  if (providerType === "smtp") {
    const secrets = await readCredentialSecrets(deps, credentialId);
    if (secrets?.imap) return new ImapReader(secrets.imap, { now: deps.clock });
  }
  return null;
}
