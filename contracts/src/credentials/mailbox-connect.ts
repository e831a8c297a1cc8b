import { z } from "zod";

const queryText = z.string().max(2048);

/**
 * `GET /auth/{provider}?option=provider&origin=…&redirect_uri=…`: connect a Google or Microsoft
 * mailbox as a credential of the workspace whose Integrations page `origin` is, and come back there.
 */
export const providerConnectQuery = z.object({
  option: z.literal("provider"),
  /** The Integrations page the browser comes back to: `{app}/workspaces/{id}/integrations`. */
  origin: queryText,
  /** The provider's answer's address: this server's own callback, or nothing. */
  redirect_uri: queryText.optional(),
  /** Reconnect: the credential whose mailbox signs in again. */
  credential_id: z.uuid().optional(),
  /** From `POST /auth/provider_tickets`: a browser's page load carries no session headers, so it shows this once. */
  ticket: queryText.optional(),
});
export type ProviderConnectQuery = z.infer<typeof providerConnectQuery>;
/** Whether a provider redirect connects a mailbox rather than signing in. */
export const connectOption = z.object({ option: z.literal("provider") });

/** `POST /auth/provider_tickets`: a ticket that stands for the session for one connection, for a minute. */
export const providerTicketDocument = z.object({
  data: z.object({
    type: z.literal("provider_ticket"),
    id: z.string(),
    attributes: z.object({ expires_at: z.string() }),
  }),
});
export type ProviderTicketDocument = z.infer<typeof providerTicketDocument>;

/**
 * Why connecting a mailbox came back to the Integrations page with `?error=…`. The server sends the
 * code alone, so that nobody can make the page show words of their choosing.
 */
export const mailboxConnectErrors = {
  not_configured: "Connecting mailboxes with this provider is not configured on this server.",
  signed_out: "Sign in first, then connect the mailbox again.",
  forbidden: "Your role in this workspace does not allow managing its integrations.",
  denied: "The mailbox was not connected: access was not granted at the provider.",
  scopes_missing:
    "The mailbox was not connected: permission to send and read its mail was not granted. Connect it again and allow everything asked for.",
  email_unverified:
    "The provider does not vouch for this account's email address, so it cannot be connected as a mailbox.",
  email_missing: "The provider did not share this account's email address, so it cannot be connected as a mailbox.",
  other_mailbox:
    "You signed in with another account than this credential's mailbox. Reconnect with the mailbox the credential sends from.",
  expired: "Connecting the mailbox took too long or was already done. Please try again.",
  failed: "Connecting the mailbox failed. Please try again.",
} as const;
export const mailboxConnectError = z.enum([
  "not_configured",
  "signed_out",
  "forbidden",
  "denied",
  "scopes_missing",
  "email_unverified",
  "email_missing",
  "other_mailbox",
  "expired",
  "failed",
]);
export type MailboxConnectError = z.infer<typeof mailboxConnectError>;

/** The plain words for an `error` the Integrations page was sent back with; an unknown code reads as a failure. */
export function mailboxConnectErrorMessage(code: string | null): string | null {
  if (code === null) return null;
  return mailboxConnectErrors[mailboxConnectError.catch("failed").parse(code)];
}

/** The Integrations page of a workspace: where connecting starts, and where it ends. */
export const integrationsPath = (workspaceId: string) => `/workspaces/${workspaceId}/integrations`;
