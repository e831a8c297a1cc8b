import { type CredentialRow, credentialRow } from "@hirestream/contracts/credentials/rows.ts";
import { workspaceScope } from "@hirestream/contracts/sync/scopes.ts";
import type { Projection } from "../projection.ts";

/**
 * The credentials read model (the spec's providers), synced to every member of the workspace:
 * names, aliases, health and limits. Secrets are not in the events, so they cannot be here.
 */
export const credentialsProjection: Projection<CredentialRow> = {
  table: "credentials",
  row: credentialRow,
  entity: "credential",
  keys(event) {
    switch (event.type) {
      case "CredentialAdded":
      case "CredentialRenamed":
      case "CredentialAliasesChanged":
      case "CredentialLimitsChanged":
      case "CredentialTested":
      case "CredentialFailed":
      case "CredentialReconnected":
      case "CredentialRemoved":
        return [{ column: "id", value: event.data.credentialId }];
      case "WorkspaceRemoved":
        return [{ column: "workspace_id", value: event.data.workspaceId }];
      default:
        return [];
    }
  },
  apply(rows, event, { occurredAt }) {
    if (event.type === "CredentialAdded") {
      const { credentialId, workspaceId, userId, providerType, name, email, dailyLimit, minGapSeconds } = event.data;
      rows.put({
        id: credentialId,
        workspace_id: workspaceId,
        name,
        email,
        provider_type: providerType,
        aliases: [],
        health: "Pending",
        fail_message: null,
        daily_limit: dailyLimit,
        min_gap_seconds: minGapSeconds,
        user_id: userId,
        created_at: occurredAt,
        updated_at: occurredAt,
      });
      return;
    }
    if (event.type === "WorkspaceRemoved") {
      for (const credential of rows.where("workspace_id", event.data.workspaceId)) rows.delete(credential.id);
      return;
    }
    if (event.type === "CredentialRemoved") {
      rows.delete(event.data.credentialId);
      return;
    }
    if (event.type === "CredentialReconnected") {
      // Signed in to again: an Error it was in is over; another health stays as it was.
      const credential = rows.get(event.data.credentialId);
      if (credential?.health === "Error") {
        rows.put({ ...credential, health: "Pending", fail_message: null, updated_at: occurredAt });
      }
      return;
    }
    const change = changeOf(event);
    if (!change) return;
    const credential = rows.get(change.id);
    if (credential) rows.put({ ...credential, ...change.fields, updated_at: occurredAt });
  },
  scopes: (credential) => [workspaceScope(credential.workspace_id)],
  toClient: (credential) => credential,
};

type Event = Parameters<Projection<CredentialRow>["apply"]>[1];

/** What an edit of an existing credential changes in its row. */
function changeOf(event: Event): { id: string; fields: Partial<CredentialRow> } | null {
  switch (event.type) {
    case "CredentialRenamed":
      return { id: event.data.credentialId, fields: { name: event.data.name } };
    case "CredentialAliasesChanged":
      return { id: event.data.credentialId, fields: { aliases: event.data.aliases } };
    case "CredentialLimitsChanged":
      return {
        id: event.data.credentialId,
        fields: { daily_limit: event.data.dailyLimit, min_gap_seconds: event.data.minGapSeconds },
      };
    case "CredentialTested":
      return { id: event.data.credentialId, fields: { health: "Tested", fail_message: null } };
    case "CredentialFailed":
      return { id: event.data.credentialId, fields: { health: "Error", fail_message: event.data.failMessage } };
    default:
      return null;
  }
}
