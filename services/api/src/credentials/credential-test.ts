import type { CredentialState } from "@hirestream/domain/credential/credential.decider.ts";
import { verifySmtp } from "@hirestream/outreach/transports/smtp-verify.ts";
import type { Deps } from "../deps.ts";
import { readCredentialSecrets } from "./credential-secrets.ts";
import { SecretUnreadableError } from "./secret-box.ts";

export const testFailures = {
  oauthNotConfigured: "Google and Microsoft mailboxes are not configured on this server",
  secretMissing: "The mailbox's password is not stored: remove this credential and add it again",
  secretUnreadable:
    "The mailbox's password cannot be read with this server's key: remove this credential and add it again",
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
    case "microsoft_graph_auth":
      return testFailures.oauthNotConfigured;
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
