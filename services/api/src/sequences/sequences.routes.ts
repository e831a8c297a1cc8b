import { DomainError } from "@hirestream/contracts/errors.ts";
import {
  createSequenceAttributes,
  sequenceListQuery,
  sequenceMessages,
  testSequenceAttributes,
  updateSequenceAttributes,
} from "@hirestream/contracts/sequences/commands.ts";
import type { SequenceState } from "@hirestream/domain/sequence/sequence.decider.ts";
import { scopedId } from "@hirestream/eventstore/event-id.ts";
import type { FastifyInstance } from "fastify";
import { requireSession } from "../auth/authenticate.ts";
import type { Deps } from "../deps.ts";
import { commandIdOf } from "../http/idempotency.ts";
import { listDocument } from "../http/jsonapi.ts";
import { parseParams, parseWriteBody } from "../http/parse.ts";
import { pathId } from "../http/path-id.ts";
import { afterAllWrites, afterOwnWrites } from "../http/read-your-writes.ts";
import { workspaceParam } from "../projects/project-path.ts";
import { findWorkspace } from "../workspaces/workspace-queries.ts";
import { newStepIds, runSequenceCommand, stagesUsingSequence } from "./sequence-commands.ts";
import { checkStepCredentials } from "./sequence-credentials.ts";
import { findSequence, listSequences, sequenceDocuments, writtenSequence } from "./sequence-queries.ts";
import { testSequence } from "./sequence-test.ts";

const types = ["sequence", "sequences"] as const;

/** Ids that are not UUIDs name nothing: 404, like any other unknown id. */
function idsOf(params: unknown) {
  return {
    workspaceId: pathId(params, "id", "Workspace not found"),
    sequenceId: pathId(params, "sequenceId", "Sequence not found"),
  };
}

async function requireMembership(deps: Deps, userId: string, workspaceId: string) {
  if (!(await findWorkspace(deps, userId, workspaceId))) throw new DomainError("NOT_FOUND", "Workspace not found");
}

/** The spec's client repeats the URL's workspace (and sequence) in the body: they must agree. */
function sameAsUrl(
  attributes: { workspace_id?: string | undefined; id?: string | undefined },
  workspaceId: string,
  sequenceId?: string,
) {
  if (attributes.workspace_id !== undefined && attributes.workspace_id !== workspaceId) {
    throw new DomainError("VALIDATION", sequenceMessages.notThisWorkspace, "/data/attributes/workspace_id");
  }
  if (sequenceId !== undefined && attributes.id !== undefined && attributes.id !== sequenceId) {
    throw new DomainError("VALIDATION", sequenceMessages.notThisSequence, "/data/attributes/id");
  }
}

async function writtenDocument(deps: Deps, state: SequenceState, position: number) {
  const sequence = writtenSequence(state);
  if (!sequence) return { data: null, meta: { position } };
  const { data, included } = await sequenceDocuments(deps, [sequence]);
  return { data: data[0] ?? null, included, meta: { position } };
}

export function sequenceRoutes(app: FastifyInstance, deps: Deps): void {
  // `me` lists the sequences of every workspace the user belongs to (API.md).
  app.get("/workspaces/:id/sequences", async (request) => {
    const session = requireSession(request);
    const workspaceId = workspaceParam(request.params);
    const query = parseParams(sequenceListQuery, request.query);
    if (workspaceId !== "me") await requireMembership(deps, session.userId, workspaceId);
    const { rows, total } = await listSequences(deps, session.userId, workspaceId, query);
    const { data, included } = await sequenceDocuments(deps, rows);
    const document = listDocument(data, {
      total,
      page: { number: query.page, size: query.limit },
      path: `/api/v1/workspaces/${workspaceId}/sequences`,
      query: { by_workspace: query.by_workspace },
    });
    return { ...document, included };
  });

  app.get("/workspaces/:id/sequences/:sequenceId", async (request) => {
    const session = requireSession(request);
    const { workspaceId, sequenceId } = idsOf(request.params);
    await requireMembership(deps, session.userId, workspaceId);
    const sequence = await findSequence(deps, workspaceId, sequenceId);
    if (!sequence) throw new DomainError("NOT_FOUND", "Sequence not found");
    const { data, included } = await sequenceDocuments(deps, [sequence]);
    return { data: data[0], included };
  });

  app.post("/workspaces/:id/sequences", { preHandler: afterOwnWrites(deps) }, async (request, reply) => {
    const session = requireSession(request);
    const workspaceId = pathId(request.params, "id", "Workspace not found");
    const { id, attributes } = parseWriteBody(createSequenceAttributes, request.body, { types });
    sameAsUrl({ workspace_id: attributes.workspace_id }, workspaceId);
    if (id !== undefined && attributes.id !== undefined && id !== attributes.id) {
      throw new DomainError("VALIDATION", "must be the document's id", "/data/attributes/id");
    }
    const commandId = commandIdOf(request);
    // Derived from the command id, so a request repeated with its Idempotency-Key names the same sequence.
    const sequenceId = id ?? attributes.id ?? scopedId(commandId, "sequence");
    await checkStepCredentials(deps, workspaceId, attributes.steps);
    const outcome = await runSequenceCommand(
      deps,
      workspaceId,
      sequenceId,
      {
        type: "CreateSequence",
        data: { sequenceId, workspaceId, attributes, newStepIds: newStepIds(commandId, attributes.steps.length) },
      },
      commandId,
      session.userId,
    );
    reply.status(201).header("location", `/api/v1/workspaces/${workspaceId}/sequences/${sequenceId}`);
    return writtenDocument(deps, outcome.state, outcome.position);
  });

  app.put("/workspaces/:id/sequences/:sequenceId", { preHandler: afterOwnWrites(deps) }, async (request) => {
    const session = requireSession(request);
    const { workspaceId, sequenceId } = idsOf(request.params);
    const { id, attributes } = parseWriteBody(updateSequenceAttributes, request.body, { types });
    if (id !== undefined && id !== sequenceId) {
      throw new DomainError("CONFLICT", "data.id does not match the sequence in the URL", "/data/id");
    }
    sameAsUrl(attributes, workspaceId, sequenceId);
    const commandId = commandIdOf(request);
    await checkStepCredentials(deps, workspaceId, attributes.steps);
    const outcome = await runSequenceCommand(
      deps,
      workspaceId,
      sequenceId,
      {
        type: "EditSequence",
        data: { workspaceId, attributes, newStepIds: newStepIds(commandId, attributes.steps?.length ?? 0) },
      },
      commandId,
      session.userId,
    );
    return writtenDocument(deps, outcome.state, outcome.position);
  });

  // Which stages start the sequence is read from the workflows read model, once it holds every
  // workflow edit made before this request, whoever made it.
  app.delete("/workspaces/:id/sequences/:sequenceId", { preHandler: afterAllWrites(deps) }, async (request) => {
    const session = requireSession(request);
    const { workspaceId, sequenceId } = idsOf(request.params);
    const stagesUsing = await stagesUsingSequence(deps, workspaceId, sequenceId);
    const outcome = await runSequenceCommand(
      deps,
      workspaceId,
      sequenceId,
      { type: "RemoveSequence", data: { workspaceId } },
      commandIdOf(request),
      session.userId,
      { stagesUsing },
    );
    return { meta: { position: outcome.position } };
  });

  // Sends mail, changes no data: nothing is appended, and the Idempotency-Key keeps a repeat from
  // sending again (each step's draft is keyed by the command id).
  app.put("/workspaces/:id/sequences/:sequenceId/test", { preHandler: afterOwnWrites(deps) }, async (request) => {
    const session = requireSession(request);
    const { workspaceId, sequenceId } = idsOf(request.params);
    const { attributes } = parseWriteBody(testSequenceAttributes, request.body, {
      types: ["sequence", "sequence_test"],
    });
    if (attributes.workspace_id !== undefined && attributes.workspace_id !== workspaceId) {
      throw new DomainError("VALIDATION", sequenceMessages.notThisWorkspace, "/data/attributes/workspace_id");
    }
    if (attributes.id !== undefined && attributes.id !== sequenceId) {
      throw new DomainError("VALIDATION", sequenceMessages.notThisSequence, "/data/attributes/id");
    }
    const { sent } = await testSequence(
      deps,
      session,
      workspaceId,
      sequenceId,
      attributes.test_params,
      commandIdOf(request),
    );
    return { data: { type: "sequence_test", id: sequenceId, attributes: { sent, to: session.email } } };
  });
}
