import type { CredentialState } from "@hirestream/domain/credential/credential.decider.ts";
import { GrantRevokedError } from "@hirestream/outreach/transports/access-tokens.ts";
import { verifySmtp } from "@hirestream/outreach/transports/smtp-verify.ts";
import type { Deps } from "../deps.ts";
import { readCredentialSecrets } from "./credential-secrets.ts";
import { oauthAccessTokens } from "./oauth/oauth-access-tokens.ts";
import { SecretUnreadableError } from "./secret-box.ts";

export const testFailures = {
  oauthNotConfigured: "Google and Microsoft mailboxes are not configured on this server",
  secretMissing: "The mailbox's password is not stored: remove this credential and add it again",
  secretUnreadable:
    "The mailbox's password cannot be read with this server's key: remove this credential and add it again",
  grantUnreadable: "The mailbox's sign-in cannot be read with this server's key: reconnect it",
} as const;

/**
 * A credential's Test: null when its mailbox can be reached and signed in to, else why not. The
 * local mailbox is this server itself, so it passes while it is on.
 */
export async function testCredential(
  deps: Deps,
  credential: Extract<CredentialState, { status: "active" }>,
): Promise<string | null> {
  switch (credential.providerType) {
    case "local":
      return null;
    case "google_oauth2":
    case "microsoft_graph_auth": {
      if (!deps.signInProviders?.[credential.providerType]) return testFailures.oauthNotConfigured;
      try {
        // A refreshed token proves the grant still stands; nothing is sent.
        await oauthAccessTokens(deps, credential.credentialId).refresh();
        return null;
      } catch (error) {
        if (error instanceof GrantRevokedError) return error.message;
        if (error instanceof SecretUnreadableError) return testFailures.grantUnreadable;
        return error instanceof Error ? error.message : String(error);
      }
    }
    case "smtp": {
      let secrets: Awaited<ReturnType<typeof readCredentialSecrets>>;
      try {
        secrets = await readCredentialSecrets(deps, credential.credentialId);
      } catch (error) {
        // Fail closed: a secret that does not open is never used, and the reason is said plainly.
        if (error instanceof SecretUnreadableError) return testFailures.secretUnreadable;
        throw error;
      }
      if (!secrets) return testFailures.secretMissing;
      return verifySmtp(secrets.smtp);
    }
    default: {
      const unhandled: never = credential.providerType;
      throw new Error(`unknown provider type ${String(unhandled)}`);
    }
  }
}
