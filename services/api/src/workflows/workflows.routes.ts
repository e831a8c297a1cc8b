import { DomainError } from "@hirestream/contracts/errors.ts";
import {
  assignWorkflowAttributes,
  createWorkflowAttributes,
  updateWorkflowAttributes,
  workflowListQuery,
  workflowMessages,
} from "@hirestream/contracts/workflows/commands.ts";
import { scopedId } from "@hirestream/eventstore/event-id.ts";
import type { FastifyInstance } from "fastify";
import { requireSession } from "../auth/authenticate.ts";
import type { Deps } from "../deps.ts";
import { commandIdOf } from "../http/idempotency.ts";
import { listDocument } from "../http/jsonapi.ts";
import { parseParams, parseWriteBody } from "../http/parse.ts";
import { pathId } from "../http/path-id.ts";
import { afterOwnWrites } from "../http/read-your-writes.ts";
import { workspaceParam } from "../projects/project-path.ts";
import { stageSequences } from "../sequences/sequence-queries.ts";
import { sequencesOfWorkspace, workspaceSequencesNow } from "../sequences/stage-sequences.ts";
import { findWorkspace } from "../workspaces/workspace-queries.ts";
import { existingWorkflowContext, runWorkflowCommand, stageInputs } from "./workflow-commands.ts";
import { assignTemplate, removeWorkflow } from "./workflow-copies.ts";
import {
  findWorkflow,
  listWorkflows,
  sequenceIdsOf,
  workflowDocumentParts,
  workflowDocuments,
  writtenWorkflow,
} from "./workflow-queries.ts";

const types = ["workflow", "workflows"] as const;
/** The assignment names a project; clients send it as a workflow's or a project's document. */
const assignTypes = ["workflow", "workflows", "project", "projects"] as const;

/** Ids that are not UUIDs name nothing: 404, like any other unknown id. */
function idsOf(params: unknown): { workspaceId: string; workflowId: string | undefined } {
  const workspaceId = pathId(params, "id", "Workspace not found");
  const named = typeof params === "object" && params !== null && "workflowId" in params;
  return { workspaceId, workflowId: named ? pathId(params, "workflowId", "Workflow not found") : undefined };
}

function workflowIdOf(params: unknown) {
  const { workspaceId, workflowId } = idsOf(params);
  if (workflowId === undefined) throw new DomainError("NOT_FOUND", "Workflow not found");
  return { workspaceId, workflowId };
}

async function requireMembership(deps: Deps, userId: string, workspaceId: string) {
  if (!(await findWorkspace(deps, userId, workspaceId))) throw new DomainError("NOT_FOUND", "Workspace not found");
}

async function writtenDocument(
  deps: Deps,
  state: Parameters<typeof writtenWorkflow>[0],
  position: number,
  projectName: string | null,
) {
  const workflow = writtenWorkflow(state, projectName);
  if (!workflow) return { data: null, meta: { position } };
  // Read models may not have the sequences named a moment ago yet: their streams have.
  const sequences = await workspaceSequencesNow(deps, workflow.workspace_id, sequenceIdsOf([workflow]));
  const { resource, stages } = workflowDocumentParts(workflow, sequences);
  return { data: resource, included: stages, meta: { position } };
}

export function workflowRoutes(app: FastifyInstance, deps: Deps): void {
  // `me` lists the workflows of every workspace the user belongs to (API.md).
  app.get("/workspaces/:id/workflows", async (request) => {
    const session = requireSession(request);
    const workspaceId = workspaceParam(request.params);
    const query = parseParams(workflowListQuery, request.query);
    if (workspaceId !== "me") await requireMembership(deps, session.userId, workspaceId);
    const { rows, total } = await listWorkflows(deps, session.userId, workspaceId, query);
    const { data, included } = workflowDocuments(rows, await stageSequences(deps, sequenceIdsOf(rows)));
    const document = listDocument(data, {
      total,
      page: { number: query.page, size: query.limit },
      path: `/api/v1/workspaces/${workspaceId}/workflows`,
      query: {
        assigned_to: query.assigned_to,
        search_by: query.search_by,
        "by_status[]": [...(query["by_status[]"] ?? []), ...(query.by_status ?? [])],
      },
    });
    return { ...document, included };
  });

  app.get("/workspaces/:id/workflows/:workflowId", async (request) => {
    const session = requireSession(request);
    const { workspaceId, workflowId } = workflowIdOf(request.params);
    await requireMembership(deps, session.userId, workspaceId);
    const workflow = await findWorkflow(deps, session.userId, workspaceId, workflowId);
    if (!workflow) throw new DomainError("NOT_FOUND", "Workflow not found");
    const sequences = await stageSequences(deps, sequenceIdsOf([workflow]));
    const { resource, stages } = workflowDocumentParts(workflow, sequences);
    return { data: resource, included: stages };
  });

  app.post("/workspaces/:id/workflows", async (request, reply) => {
    const session = requireSession(request);
    const { workspaceId } = idsOf(request.params);
    const { id, attributes } = parseWriteBody(createWorkflowAttributes, request.body, { types });
    // Derived from the command id, so a request repeated with its Idempotency-Key names the same workflow.
    const commandId = commandIdOf(request);
    const workflowId = id ?? scopedId(commandId, "workflow");
    const sequences = await sequencesOfWorkspace(deps, workspaceId, attributes.stages_attributes);
    const outcome = await runWorkflowCommand(
      deps,
      workspaceId,
      workflowId,
      {
        type: "CreateWorkflow",
        data: {
          workflowId,
          workspaceId,
          name: attributes.name,
          description: attributes.description,
          stages: stageInputs(attributes.stages_attributes, commandId, sequences),
        },
      },
      commandId,
      session.userId,
    );
    reply.status(201).header("location", `/api/v1/workspaces/${workspaceId}/workflows/${workflowId}`);
    return writtenDocument(deps, outcome.state, outcome.position, null);
  });

  // The template in the URL is copied into the project; the answer is the project's copy.
  app.post("/workspaces/:id/workflows/:workflowId/assign_to_project", async (request, reply) => {
    const session = requireSession(request);
    const { workspaceId, workflowId } = workflowIdOf(request.params);
    const { attributes } = parseWriteBody(assignWorkflowAttributes, request.body, { types: assignTypes });
    // The spec's client repeats the URL's template and workspace in the body: they must agree.
    if (attributes.id !== undefined && attributes.id !== workflowId) {
      throw new DomainError("VALIDATION", workflowMessages.notThisWorkflow, "/data/attributes/id");
    }
    if (attributes.workspace_id !== undefined && attributes.workspace_id !== workspaceId) {
      throw new DomainError("VALIDATION", workflowMessages.notThisWorkspace, "/data/attributes/workspace_id");
    }
    const { copy, projectName, position } = await assignTemplate(deps, {
      workspaceId,
      templateId: workflowId,
      projectId: attributes.project_id,
      commandId: commandIdOf(request),
      actorId: session.userId,
    });
    const copyId = copy.state.status === "active" ? copy.state.workflowId : workflowId;
    reply.status(201).header("location", `/api/v1/workspaces/${workspaceId}/workflows/${copyId}`);
    return writtenDocument(deps, copy.state, position, projectName);
  });

  // Which stages hold candidates is read from the read model: after this session's own moves.
  app.put("/workspaces/:id/workflows/:workflowId", { preHandler: afterOwnWrites(deps) }, async (request) => {
    const session = requireSession(request);
    const { workspaceId, workflowId } = workflowIdOf(request.params);
    const { id, attributes } = parseWriteBody(updateWorkflowAttributes, request.body, { types });
    if (id !== undefined && id !== workflowId) {
      throw new DomainError("CONFLICT", "data.id does not match the workflow in the URL", "/data/id");
    }
    const commandId = commandIdOf(request);
    const { context } = await existingWorkflowContext(deps, workspaceId, workflowId, session.userId);
    // The spec's Edit Workflow sends `stages`; errors then point where it sent them.
    const sentAs = attributes.stages_attributes === undefined && attributes.stages !== undefined ? "stages" : null;
    const stages = attributes.stages_attributes ?? attributes.stages;
    const sequences = await sequencesOfWorkspace(deps, workspaceId, stages);
    try {
      const outcome = await runWorkflowCommand(
        deps,
        workspaceId,
        workflowId,
        {
          type: "UpdateWorkflow",
          data: {
            workspaceId,
            name: attributes.name,
            description: attributes.description,
            stages: stages === undefined ? undefined : stageInputs(stages, commandId, sequences),
          },
        },
        commandId,
        session.userId,
        context,
      );
      return writtenDocument(deps, outcome.state, outcome.position, context.copy?.project?.name ?? null);
    } catch (error) {
      if (sentAs && error instanceof DomainError && error.pointer?.startsWith("/data/attributes/stages_attributes")) {
        const pointer = error.pointer.replace("/data/attributes/stages_attributes", "/data/attributes/stages");
        throw new DomainError(error.code, error.message, pointer);
      }
      throw error;
    }
  });

  app.delete("/workspaces/:id/workflows/:workflowId", { preHandler: afterOwnWrites(deps) }, async (request) => {
    const session = requireSession(request);
    const { workspaceId, workflowId } = workflowIdOf(request.params);
    const outcome = await removeWorkflow(deps, {
      workspaceId,
      workflowId,
      commandId: commandIdOf(request),
      actorId: session.userId,
    });
    return { meta: { position: outcome.position } };
  });
}
