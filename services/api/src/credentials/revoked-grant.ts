import { DomainError } from "@hirestream/contracts/errors.ts";
import { processorMessages } from "@hirestream/contracts/processors/commands.ts";
import type { CredentialContext } from "@hirestream/domain/credential/credential.decider.ts";
import { scopedId } from "@hirestream/eventstore/event-id.ts";
import type { GrantRevokedError } from "@hirestream/outreach/transports/access-tokens.ts";
import { sql } from "kysely";
import type { Deps } from "../deps.ts";
import { currentProcessor, engineContext, runProcessorCommand } from "../processors/processor-commands.ts";
import { runCredentialCommand } from "./credential-commands.ts";

/** The runs of the workspace, in the status given, whose sequence sends a step through the credential. */
async function runsSendingThrough(
  deps: Deps,
  workspaceId: string,
  credentialId: string,
  status: "sending" | "paused",
): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    select p.id from read.payloads p join read.sequences s on s.id = p.sequence_id
    where p.workspace_id = ${workspaceId} and p.status = ${status}
      and exists (select 1 from jsonb_array_elements(s.steps) step where step->>'provider_id' = ${credentialId})
    order by p.id`.execute(deps.db);
  return rows.map((row) => row.id);
}

const systemContext = (deps: Deps): CredentialContext => ({
  now: deps.clock(),
  actorId: null,
  workspaceRole: undefined,
  localMailbox: true,
});

/**
 * A connected mailbox refused its sign-in for good while a step was being sent through it or its
 * mail read: the credential shows Error with the provider's words, and every run sending through it
 * pauses, saying why, until someone reconnects the mailbox. The run whose step found it (when a
 * send found it) pauses whatever the read models say yet. Answers the credential's fail message
 * as it keeps it (null when it is gone). Each record is named after `commandId`, so that a retry records nothing twice.
 */
export async function pauseForRevokedGrant(
  deps: Deps,
  found: { credentialId: string; workspaceId: string; mailbox: string; processorId?: string },
  error: GrantRevokedError,
  commandId: string,
): Promise<string | null> {
  const { credentialId, workspaceId } = found;
  let failMessage: string | null = null;
  try {
    const outcome = await runCredentialCommand(
      deps,
      credentialId,
      { type: "RecordGrantRevoked", data: { workspaceId, failure: error.message } },
      systemContext(deps),
      scopedId(commandId, "grant-revoked"),
    );
    failMessage = outcome.state.status === "active" ? outcome.state.failMessage : null;
  } catch (refused) {
    // Removed meanwhile: there is no health to show, but its runs still wait.
    if (!(refused instanceof DomainError && refused.code === "NOT_FOUND")) throw refused;
  }
  const sending = await runsSendingThrough(deps, workspaceId, credentialId, "sending");
  const runs = new Set(found.processorId === undefined ? sending : [found.processorId, ...sending]);
  const statusMessage = processorMessages.pausedForRevokedGrant(found.mailbox);
  for (const processorId of runs) {
    if ((await currentProcessor(deps, processorId)).status !== "started") continue;
    await runProcessorCommand(
      deps,
      processorId,
      { type: "PauseForCredential", data: { credentialId, statusMessage } },
      scopedId(commandId, `pause-${processorId}`),
      engineContext(deps),
    );
  }
  return failMessage;
}

/**
 * The mailbox was reconnected: the runs its refusal paused go on, resumed by who reconnected it.
 * Runs paused by a person, or for another reason, stay paused. `position` is the reconnection's:
 * the read models are waited for up to it, so that every pause before it is seen.
 */
export async function resumeAfterReconnect(
  deps: Deps,
  reconnected: { credentialId: string; workspaceId: string; userId: string; position: number },
  commandId: string,
): Promise<void> {
  const { credentialId, workspaceId, userId } = reconnected;
  await deps.readModels.waitFor(reconnected.position, 5000);
  for (const processorId of await runsSendingThrough(deps, workspaceId, credentialId, "paused")) {
    await runProcessorCommand(
      deps,
      processorId,
      { type: "ResumeForCredential", data: { credentialId } },
      scopedId(commandId, `resume-${processorId}`),
      { ...engineContext(deps), actorId: userId },
    );
  }
}
