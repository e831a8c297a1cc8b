import type { CredentialState } from "@hirestream/domain/credential/credential.decider.ts";
import type { Database } from "../database.ts";
import type { Deps } from "../deps.ts";
import type { ResourceObject } from "../http/jsonapi.ts";

type CredentialRecord = Database["read.credentials"];

/** API.md's provider: never a secret, for there is none in the read model to show. */
export function credentialResource(credential: CredentialRecord): ResourceObject {
  return {
    id: credential.id,
    type: "provider",
    attributes: {
      workspace_id: credential.workspace_id,
      name: credential.name,
      email: credential.email,
      provider_type: credential.provider_type,
      aliases: credential.aliases,
      health: credential.health,
      fail_message: credential.fail_message,
      daily_limit: credential.daily_limit,
      min_gap_seconds: credential.min_gap_seconds,
      user_id: credential.user_id,
      created_at: credential.created_at.toISOString(),
      updated_at: credential.updated_at.toISOString(),
    },
  };
}

/** A write's answer, from the state the command left (the read model may not have it yet). */
export function writtenCredential(state: CredentialState): ResourceObject | null {
  if (state.status !== "active") return null;
  return {
    id: state.credentialId,
    type: "provider",
    attributes: {
      workspace_id: state.workspaceId,
      name: state.name,
      email: state.email,
      provider_type: state.providerType,
      aliases: [...state.aliases],
      health: state.health,
      fail_message: state.failMessage,
      daily_limit: state.dailyLimit,
      min_gap_seconds: state.minGapSeconds,
    },
  };
}

export function listCredentials(deps: Deps, workspaceId: string): Promise<CredentialRecord[]> {
  return deps.db
    .selectFrom("read.credentials")
    .selectAll()
    .where("workspace_id", "=", workspaceId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

export function findCredential(
  deps: Deps,
  workspaceId: string,
  credentialId: string,
): Promise<CredentialRecord | undefined> {
  return deps.db
    .selectFrom("read.credentials")
    .selectAll()
    .where("workspace_id", "=", workspaceId)
    .where("id", "=", credentialId)
    .executeTakeFirst();
}
