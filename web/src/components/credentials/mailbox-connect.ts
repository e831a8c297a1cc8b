// Connecting a Google or Microsoft mailbox from the Integrations page (spec §7: a browser redirect
// to /auth/{provider} with option=provider, the page as origin, and the provider callback).
import type { SignInProviderId } from "@hirestream/contracts/accounts/sign-in-providers.ts";
import { integrationsPath, providerTicketDocument } from "@hirestream/contracts/credentials/mailbox-connect.ts";
import type { CredentialRow } from "@hirestream/contracts/credentials/rows.ts";
import { API_BASE, apiRequest } from "../../api/api-client.ts";

export interface MailboxConnectTarget {
  provider: SignInProviderId;
  workspaceId: string;
  /** Reconnect: the credential whose mailbox signs in again. */
  credentialId?: string | undefined;
}

/**
 * The address the browser goes to. `ticket` stands for the session for this one page load: the
 * session itself lives in headers, which a page load cannot send.
 */
export function mailboxConnectUrl(target: MailboxConnectTarget, pageOrigin: string, ticket: string): string {
  const query = new URLSearchParams({
    option: "provider",
    origin: `${pageOrigin}${integrationsPath(target.workspaceId)}`,
    redirect_uri: `${pageOrigin}${API_BASE}/auth/${target.provider}/callback`,
    ...(target.credentialId ? { credential_id: target.credentialId } : {}),
    ticket,
  });
  return `${API_BASE}/auth/${target.provider}?${query.toString()}`;
}

/** Goes to the provider to connect (or reconnect) the mailbox; the browser comes back to the Integrations page. */
export async function connectMailbox(target: MailboxConnectTarget): Promise<void> {
  const ticket = providerTicketDocument.parse(await apiRequest("/auth/provider_tickets", { method: "POST" }));
  window.location.assign(mailboxConnectUrl(target, window.location.origin, ticket.data.id));
}

/** Spec §2's reconnect icon: a Google or Microsoft mailbox in Error signs in again. */
export function reconnectable(
  credential: Pick<CredentialRow, "provider_type" | "health">,
): credential is Pick<CredentialRow, "health"> & { provider_type: SignInProviderId } {
  return (
    credential.health === "Error" &&
    (credential.provider_type === "google_oauth2" || credential.provider_type === "microsoft_graph_auth")
  );
}
