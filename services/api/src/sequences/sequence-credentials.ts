import { DomainError } from "@hirestream/contracts/errors.ts";
import type { StepAttributes } from "@hirestream/contracts/sequences/commands.ts";
import type { Deps } from "../deps.ts";

/** What a sequence document shows of a step's credential (spec §3 Integration credential). */
export interface StepCredential {
  name: string;
  email: string;
  aliases: readonly string[];
  providerType: string;
}

export const stepCredentialMessages = {
  notACredential: "must be a credential of this workspace",
  notASender: "must be the credential's email or one of its aliases",
} as const;

/**
 * The workspace's credentials among `ids`, by id: where steps get their provider_type,
 * provider_name and credential_email, and the sequence its meta.credentials.provider_names.
 * A removed credential, or another workspace's, is not among them.
 */
export async function credentialsOf(
  deps: Deps,
  workspaceId: string,
  ids: readonly string[],
): Promise<ReadonlyMap<string, StepCredential>> {
  if (ids.length === 0) return new Map();
  const rows = await deps.db
    .selectFrom("read.credentials")
    .select(["id", "name", "email", "aliases", "provider_type"])
    .where("workspace_id", "=", workspaceId)
    .where("id", "in", [...new Set(ids)])
    .execute();
  return new Map(
    rows.map((row) => [
      row.id,
      { name: row.name, email: row.email, aliases: row.aliases, providerType: row.provider_type },
    ]),
  );
}

function sends(credential: StepCredential, from: string): boolean {
  const wanted = from.trim().toLowerCase();
  return [credential.email, ...credential.aliases].some((address) => address.toLowerCase() === wanted);
}

/**
 * A step's provider_id names a credential of the sequence's workspace, and its `from` is that
 * credential's email or one of its aliases (API.md). Callers run after the caller's own writes are
 * in the read models (afterOwnWrites), so a credential added a moment before counts.
 */
export async function checkStepCredentials(
  deps: Deps,
  workspaceId: string,
  steps: readonly StepAttributes[] | undefined,
): Promise<void> {
  if (steps === undefined) return;
  const ids = steps.flatMap((step) => (step.provider_id ? [step.provider_id] : []));
  const credentials = await credentialsOf(deps, workspaceId, ids);
  steps.forEach((step, index) => {
    if (!step.provider_id) return;
    const credential = credentials.get(step.provider_id);
    if (credential === undefined) {
      throw new DomainError(
        "VALIDATION",
        stepCredentialMessages.notACredential,
        `/data/attributes/steps/${index}/provider_id`,
      );
    }
    if (step.from && !sends(credential, step.from)) {
      throw new DomainError("VALIDATION", stepCredentialMessages.notASender, `/data/attributes/steps/${index}/from`);
    }
  });
}
