import {
  createCredentialAttributes,
  credentialMessages,
  updateCredentialAttributes,
} from "@hirestream/contracts/credentials/commands.ts";
import type { ProviderType } from "@hirestream/contracts/credentials/rows.ts";
import { DomainError } from "@hirestream/contracts/errors.ts";
import type { CredentialCommand } from "@hirestream/domain/credential/credential.decider.ts";
import { scopedId } from "@hirestream/eventstore/event-id.ts";
import type { FastifyInstance } from "fastify";
import { requireSession } from "../auth/authenticate.ts";
import type { Deps } from "../deps.ts";
import { commandIdOf } from "../http/idempotency.ts";
import { parseWriteBody } from "../http/parse.ts";
import { pathId } from "../http/path-id.ts";
import { workspaceRoleOf } from "../projects/project-commands.ts";
import {
  checkCredentialCommand,
  credentialContext,
  currentCredential,
  runCredentialCommand,
} from "./credential-commands.ts";
import { credentialResource, findCredential, listCredentials, writtenCredential } from "./credential-queries.ts";
import { deleteCredentialSecrets, storeCredentialSecrets } from "./credential-secrets.ts";
import { testCredential } from "./credential-test.ts";

const types = ["provider", "providers", "credential", "credentials"] as const;

function idsOf(params: unknown) {
  return {
    workspaceId: pathId(params, "id", "Workspace not found"),
    credentialId: pathId(params, "providerId", "Credential not found"),
  };
}

/** Every member of a workspace sees its credentials (never their secrets); strangers learn nothing. */
async function requireReader(deps: Deps, userId: string, workspaceId: string) {
  if ((await workspaceRoleOf(deps, userId, workspaceId)) === undefined) {
    throw new DomainError("NOT_FOUND", "Workspace not found");
  }
}

export function credentialRoutes(app: FastifyInstance, deps: Deps): void {
  app.get("/workspaces/:id/providers", async (request) => {
    const session = requireSession(request);
    const workspaceId = pathId(request.params, "id", "Workspace not found");
    await requireReader(deps, session.userId, workspaceId);
    const rows = await listCredentials(deps, workspaceId);
    // Whether the Add credential form may offer the development mailbox.
    return {
      data: rows.map(credentialResource),
      meta: { total: rows.length, local_mailbox: deps.localMailbox ?? true },
    };
  });

  app.get("/workspaces/:id/providers/:providerId", async (request) => {
    const session = requireSession(request);
    const { workspaceId, credentialId } = idsOf(request.params);
    await requireReader(deps, session.userId, workspaceId);
    const credential = await findCredential(deps, workspaceId, credentialId);
    if (!credential) throw new DomainError("NOT_FOUND", "Credential not found");
    return { data: credentialResource(credential) };
  });

  app.post("/workspaces/:id/providers", async (request, reply) => {
    const session = requireSession(request);
    const workspaceId = pathId(request.params, "id", "Workspace not found");
    const { id, attributes } = parseWriteBody(createCredentialAttributes, request.body, { types });
    const commandId = commandIdOf(request);
    // Derived from the command id, so a request repeated with its Idempotency-Key names the same credential.
    const credentialId = id ?? scopedId(commandId, "credential");
    const command: CredentialCommand = {
      type: "AddCredential",
      data: {
        credentialId,
        workspaceId,
        // The schema let through smtp and local only.
        providerType: attributes.provider_type === "local" ? "local" : ("smtp" satisfies ProviderType),
        name: attributes.name,
        email: attributes.email,
        dailyLimit: attributes.daily_limit,
        minGapSeconds: attributes.min_gap_seconds,
        hasImap: attributes.imap !== undefined,
      },
    };
    const context = await credentialContext(deps, workspaceId, session.userId);
    // Refusals first, so that nothing is stored for a request that is refused.
    checkCredentialCommand(await currentCredential(deps, credentialId), command, context);
    if (attributes.smtp) {
      await storeCredentialSecrets(
        deps,
        { credentialId, workspaceId, commandId },
        { smtp: attributes.smtp, ...(attributes.imap ? { imap: attributes.imap } : {}) },
      );
    }
    const outcome = await runCredentialCommand(deps, credentialId, command, context, commandId);
    reply.status(201).header("location", `/api/v1/workspaces/${workspaceId}/providers/${credentialId}`);
    return { data: writtenCredential(outcome.state), meta: { position: outcome.position } };
  });

  app.patch("/workspaces/:id/providers/:providerId", async (request) => {
    const session = requireSession(request);
    const { workspaceId, credentialId } = idsOf(request.params);
    const { id, attributes } = parseWriteBody(updateCredentialAttributes, asDocument(request.body), { types });
    if (id !== undefined && id !== credentialId) {
      throw new DomainError("CONFLICT", credentialMessages.notThisCredential, "/data/id");
    }
    const context = await credentialContext(deps, workspaceId, session.userId);
    const outcome = await runCredentialCommand(
      deps,
      credentialId,
      {
        type: "UpdateCredential",
        data: {
          workspaceId,
          name: attributes.name,
          aliases: attributes.aliases,
          dailyLimit: attributes.daily_limit,
          minGapSeconds: attributes.min_gap_seconds,
        },
      },
      context,
      commandIdOf(request),
    );
    return { data: writtenCredential(outcome.state), meta: { position: outcome.position } };
  });

  app.delete("/workspaces/:id/providers/:providerId", async (request) => {
    const session = requireSession(request);
    const { workspaceId, credentialId } = idsOf(request.params);
    const context = await credentialContext(deps, workspaceId, session.userId);
    const command: CredentialCommand = { type: "RemoveCredential", data: { workspaceId } };
    const outcome = await runCredentialCommand(deps, credentialId, command, context, commandIdOf(request));
    await deleteCredentialSecrets(deps, credentialId);
    return { meta: { position: outcome.position } };
  });

  app.put("/workspaces/:id/providers/:providerId/test", async (request) => {
    const session = requireSession(request);
    const { workspaceId, credentialId } = idsOf(request.params);
    const context = await credentialContext(deps, workspaceId, session.userId);
    const state = await currentCredential(deps, credentialId);
    // Who asks and whether the credential is theirs to test, before any mail server is reached.
    checkCredentialCommand(state, { type: "RecordTestResult", data: { workspaceId, failure: null } }, context);
    const failure = state.status === "active" ? await testCredential(deps, state) : null;
    const outcome = await runCredentialCommand(
      deps,
      credentialId,
      { type: "RecordTestResult", data: { workspaceId, failure } },
      context,
      commandIdOf(request),
    );
    return { data: writtenCredential(outcome.state), meta: { position: outcome.position } };
  });
}

/**
 * The spec's client sends `{id, attributes: {aliases}}`: a document without its `data`, read as
 * one. Its id must be the URL's, like a document's.
 */
function asDocument(body: unknown): unknown {
  if (typeof body !== "object" || body === null || Array.isArray(body) || "data" in body) return body;
  if (!("attributes" in body)) return body;
  return { data: { type: "provider", ...body } };
}
