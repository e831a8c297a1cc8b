// The credential writes of the browser. Aliases, Test and Remove go through the outbox like every
// other write. Adding one does too for the local mailbox; an SMTP mailbox is sent straight over
// HTTP instead (see addSmtpCredential): its password must never rest in IndexedDB.
import type { createCredentialAttributes } from "@hirestream/contracts/credentials/commands.ts";
import { DEFAULT_DAILY_LIMIT, DEFAULT_MIN_GAP_SECONDS } from "@hirestream/contracts/credentials/limits.ts";
import type { CredentialRow } from "@hirestream/contracts/credentials/rows.ts";
import type { z } from "zod";
import { apiRequest } from "../../api/api-client.ts";
import type { Command } from "../../replica/outbox.ts";

/** A row as a screen holds it: maybe with the replica's bookkeeping, which is not the server's to see. */
export type ShownCredential = CredentialRow & { scopes?: string[]; _pending?: number };

function plain(row: ShownCredential): CredentialRow {
  const { scopes: _scopes, _pending, ...credential } = row;
  return credential;
}

const providerPath = (credential: { workspace_id: string; id: string }) =>
  `/workspaces/${credential.workspace_id}/providers/${credential.id}`;

/** Add Alias's Save: the spec's `{id, attributes: {aliases}}`, the list already split and trimmed. */
export function changeAliases(credential: ShownCredential, aliases: string[], now: Date): Command {
  return {
    method: "PATCH",
    path: providerPath(credential),
    body: { id: credential.id, attributes: { aliases } },
    optimistic: [
      {
        table: "credentials",
        id: credential.id,
        next: { ...plain(credential), aliases, updated_at: now.toISOString() },
      },
    ],
  };
}

export function removeCredential(credential: ShownCredential): Command {
  return {
    method: "DELETE",
    path: providerPath(credential),
    optimistic: [{ table: "credentials", id: credential.id, next: null }],
  };
}

/** Test: what the server finds (Tested, or Error with its words) comes back with the row. */
export function testCredential(credential: ShownCredential): Command {
  return { method: "PUT", path: `${providerPath(credential)}/test`, optimistic: [] };
}

export interface NewLocalCredential {
  id: string;
  workspaceId: string;
  userId: string;
  name: string;
  email: string;
  now: Date;
}

/** The development mailbox holds no secret, so it is written offline-first like the rest. */
export function addLocalCredential(input: NewLocalCredential): Command {
  const at = input.now.toISOString();
  const row: CredentialRow = {
    id: input.id,
    workspace_id: input.workspaceId,
    name: input.name.trim(),
    email: input.email.trim(),
    provider_type: "local",
    aliases: [],
    health: "Pending",
    fail_message: null,
    daily_limit: DEFAULT_DAILY_LIMIT,
    min_gap_seconds: DEFAULT_MIN_GAP_SECONDS,
    user_id: input.userId,
    created_at: at,
    updated_at: at,
  };
  return {
    method: "POST",
    path: `/workspaces/${input.workspaceId}/providers`,
    body: {
      data: {
        type: "provider",
        id: input.id,
        attributes: { provider_type: "local", name: row.name, email: row.email },
      },
    },
    optimistic: [{ table: "credentials", id: input.id, next: row }],
  };
}

/**
 * An SMTP mailbox, sent now and only now: an outbox entry would keep the password in IndexedDB
 * in plain text until the server took it (and a queued write may wait for days offline). So this
 * needs the network, the password lives only in the form's memory, and the row arrives by sync.
 */
export async function addSmtpCredential(
  workspaceId: string,
  id: string,
  attributes: z.input<typeof createCredentialAttributes>,
): Promise<void> {
  await apiRequest(`/workspaces/${workspaceId}/providers`, {
    method: "POST",
    body: { data: { type: "provider", id, attributes } },
  });
}

/** Whether this server keeps a development mailbox (LOCAL_MAILBOX), as the provider list says. */
export async function localMailboxOffered(workspaceId: string): Promise<boolean> {
  const answer = await apiRequest(`/workspaces/${workspaceId}/providers`);
  if (typeof answer !== "object" || answer === null || !("meta" in answer)) return false;
  const { meta } = answer;
  return typeof meta === "object" && meta !== null && "local_mailbox" in meta && meta.local_mailbox === true;
}
