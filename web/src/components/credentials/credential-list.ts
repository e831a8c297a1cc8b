import type { CredentialRow, ProviderType } from "@hirestream/contracts/credentials/rows.ts";
import { mayInWorkspace } from "@hirestream/contracts/permissions/permission-table.ts";
import type { WorkspaceRole } from "@hirestream/contracts/workspaces/events.ts";

/** Spec §2: the provider's name on the row, and the kinds beyond the spec by their own. */
export const providerLabels: Record<ProviderType, string> = {
  google_oauth2: "Google",
  microsoft_graph_auth: "Microsoft",
  smtp: "SMTP",
  local: "Local",
};

/** Spec §2: a name that is missing shows as 'undefined', as the original screen printed it. */
export function shownName(credential: Pick<CredentialRow, "name">): string {
  return credential.name === "" ? "undefined" : credential.name;
}

/** Spec §2: aliases joined by commas. */
export function shownAliases(credential: Pick<CredentialRow, "aliases">): string {
  return credential.aliases.join(", ");
}

/** Add Alias, Remove and Test: a manager's or owner's (spec §6: managers manage integrations). */
export function canManageCredentials(role: WorkspaceRole | null | undefined): boolean {
  return role !== null && role !== undefined && mayInWorkspace(role, "integrations.manage");
}
