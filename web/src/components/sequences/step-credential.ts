// A step's sender (spec §3, API.md Outreach): a credential of the workspace, and its email or one of its aliases.
import type { CredentialRow } from "@hirestream/contracts/credentials/rows.ts";
import type { StepDraft } from "./sequence-draft.ts";

/** The addresses a step may send from with this credential: its email, then its aliases, each once. */
export function fromOptions(credential: Pick<CredentialRow, "email" | "aliases"> | undefined): string[] {
  return credential ? [...new Set([credential.email, ...credential.aliases])] : [];
}

/** Choosing a credential sets its type and sends from its own email; clearing it clears both. */
export function withCredential(step: StepDraft, credential: CredentialRow | undefined): StepDraft {
  return {
    ...step,
    provider_id: credential?.id ?? null,
    provider_type: credential?.provider_type ?? null,
    from: credential?.email ?? null,
  };
}

export function integrationsPath(workspaceId: string): string {
  return `/workspaces/${workspaceId}/integrations`;
}
