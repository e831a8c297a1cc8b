import type { StepAttributes } from "@hirestream/contracts/sequences/commands.ts";
import type { Deps } from "../deps.ts";

/** What a sequence document shows of a step's credential (spec §3 Integration credential). */
export interface StepCredential {
  name: string;
  email: string;
  providerType: string;
}

/**
 * The workspace's credentials among `ids`, by id: where steps get their provider_type,
 * provider_name and credential_email, and the sequence its meta.credentials.provider_names.
 *
 * Credentials have no read model in this part of the code yet: until it is joined here, no
 * credential is known, so those attributes are null and the names empty.
 */
export async function credentialsOf(
  _deps: Deps,
  _workspaceId: string,
  _ids: readonly string[],
): Promise<ReadonlyMap<string, StepCredential>> {
  return new Map();
}

/**
 * A step's provider_id must name a credential of the sequence's workspace (API.md). The one place
 * that check belongs, once credentials can be read here (see credentialsOf): a credential of
 * another workspace, or none, is then 422 at /data/attributes/steps/{i}/provider_id.
 */
export async function checkStepCredentials(
  _deps: Deps,
  _workspaceId: string,
  _steps: readonly StepAttributes[] | undefined,
): Promise<void> {}
