import type { CredentialCommand, OAuthProviderType } from "@hirestream/domain/credential/credential.decider.ts";
import { scopedId } from "@hirestream/eventstore/event-id.ts";
import { sql } from "kysely";
import type { MailboxConnection } from "../../auth/provider-sign-in/sign-in-requests.ts";
import type { Deps } from "../../deps.ts";
import {
  checkCredentialCommand,
  credentialContext,
  currentCredential,
  runCredentialCommand,
} from "../credential-commands.ts";
import { type OAuthGrant, storeCredentialSecrets } from "../credential-secrets.ts";
import { resumeAfterReconnect } from "../revoked-grant.ts";

/** The credential of the workspace this mailbox already is, if any: one mailbox, one credential. */
async function sameMailbox(deps: Deps, workspaceId: string, provider: OAuthProviderType, email: string) {
  const row = await deps.db
    .selectFrom("read.credentials")
    .select("id")
    .where("workspace_id", "=", workspaceId)
    .where("provider_type", "=", provider)
    .where(sql<string>`lower(email)`, "=", email)
    .orderBy("created_at")
    .executeTakeFirst();
  return row?.id ?? null;
}

export type KeptMailbox = { credentialId: string; reconnected: boolean } | { error: "other_mailbox" };

/**
 * The mailbox signed in to becomes the workspace's credential: a new one, or (a Reconnect, or the
 * same mailbox connected again) the existing one, whose sealed grant is replaced and whose Error
 * ends; the runs its revoked grant paused go on. Refusals (the role, a removed credential) throw
 * before anything is stored.
 */
export async function keepConnectedMailbox(
  deps: Deps,
  connection: MailboxConnection,
  mailbox: { provider: OAuthProviderType; email: string; grant: OAuthGrant },
  commandId: string,
): Promise<KeptMailbox> {
  const { workspaceId, userId } = connection;
  const context = await credentialContext(deps, workspaceId, userId);
  const existing = connection.credentialId ?? (await sameMailbox(deps, workspaceId, mailbox.provider, mailbox.email));
  if (existing !== null) {
    const state = await currentCredential(deps, existing);
    const command: CredentialCommand = { type: "ReconnectCredential", data: { workspaceId } };
    checkCredentialCommand(state, command, context);
    if (
      state.status === "active" &&
      (state.providerType !== mailbox.provider || state.email.toLowerCase() !== mailbox.email)
    ) {
      return { error: "other_mailbox" };
    }
    await storeCredentialSecrets(deps, { credentialId: existing, workspaceId, commandId }, { oauth: mailbox.grant });
    const outcome = await runCredentialCommand(deps, existing, command, context, commandId);
    await resumeAfterReconnect(
      deps,
      { credentialId: existing, workspaceId, userId, position: outcome.position },
      scopedId(commandId, "resume"),
    );
    return { credentialId: existing, reconnected: true };
  }
  const credentialId = scopedId(commandId, "credential");
  const command: CredentialCommand = {
    type: "ConnectCredential",
    data: { credentialId, workspaceId, providerType: mailbox.provider, name: mailbox.email, email: mailbox.email },
  };
  checkCredentialCommand(await currentCredential(deps, credentialId), command, context);
  await storeCredentialSecrets(deps, { credentialId, workspaceId, commandId }, { oauth: mailbox.grant });
  await runCredentialCommand(deps, credentialId, command, context, commandId);
  return { credentialId, reconnected: false };
}
