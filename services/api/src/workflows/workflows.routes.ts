import { DomainError } from "@hirestream/contracts/errors.ts";
import {
  createWorkflowAttributes,
  updateWorkflowAttributes,
  workflowListQuery,
} from "@hirestream/contracts/workflows/commands.ts";
import { scopedId } from "@hirestream/eventstore/event-id.ts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { requireSession } from "../auth/authenticate.ts";
import type { Deps } from "../deps.ts";
import { commandIdOf } from "../http/idempotency.ts";
import { listDocument } from "../http/jsonapi.ts";
import { parseParams, parseWriteBody } from "../http/parse.ts";
import { findWorkspace } from "../workspaces/workspace-queries.ts";
import { runWorkflowCommand, stageInputs } from "./workflow-commands.ts";
import {
  findWorkflow,
  listWorkflows,
  workflowDocumentParts,
  workflowDocuments,
  writtenWorkflow,
} from "./workflow-queries.ts";

const types = ["workflow", "workflows"] as const;

/** Ids that are not UUIDs name nothing: 404, like any other unknown id. */
function idsOf(params: unknown): { workspaceId: string; workflowId: string | undefined } {
  const parsed = z.object({ id: z.uuid(), workflowId: z.uuid().optional() }).safeParse(params);
  if (!parsed.success) {
    const workspace = z.object({ id: z.uuid() }).safeParse(params).success;
    throw new DomainError("NOT_FOUND", workspace ? "Workflow not found" : "Workspace not found");
  }
  return { workspaceId: parsed.data.id, workflowId: parsed.data.workflowId };
}

function workflowIdOf(params: unknown) {
  const { workspaceId, workflowId } = idsOf(params);
  if (workflowId === undefined) throw new DomainError("NOT_FOUND", "Workflow not found");
  return { workspaceId, workflowId };
}

async function requireMembership(deps: Deps, userId: string, workspaceId: string) {
  if (!(await findWorkspace(deps, userId, workspaceId))) throw new DomainError("NOT_FOUND", "Workspace not found");
}

function writtenDocument(state: Parameters<typeof writtenWorkflow>[0], position: number) {
  const workflow = writtenWorkflow(state);
  if (!workflow) return { data: null, meta: { position } };
  const { resource, stages } = workflowDocumentParts(workflow);
  return { data: resource, included: stages, meta: { position } };
}

// `POST …/workflows/{id}/assign_to_project` (a template copied into a project) arrives with projects.
export function workflowRoutes(app: FastifyInstance, deps: Deps): void {
  app.get("/workspaces/:id/workflows", async (request) => {
    const session = requireSession(request);
    const { workspaceId } = idsOf(request.params);
    const query = parseParams(workflowListQuery, request.query);
    await requireMembership(deps, session.userId, workspaceId);
    // Project copies (`assigned_to=project`, filtered by their project's `by_status[]`) arrive with
    // projects; until then that list is empty and the status filter has nothing to narrow.
    const { rows, total } = await listWorkflows(deps, workspaceId, query);
    const { data, included } = workflowDocuments(rows);
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
    const workflow = await findWorkflow(deps, workspaceId, workflowId);
    if (!workflow) throw new DomainError("NOT_FOUND", "Workflow not found");
    const { resource, stages } = workflowDocumentParts(workflow);
    return { data: resource, included: stages };
  });

  app.post("/workspaces/:id/workflows", async (request, reply) => {
    const session = requireSession(request);
    const { workspaceId } = idsOf(request.params);
    const { id, attributes } = parseWriteBody(createWorkflowAttributes, request.body, { types });
    // Derived from the command id, so a request repeated with its Idempotency-Key names the same workflow.
    const commandId = commandIdOf(request);
    const workflowId = id ?? scopedId(commandId, "workflow");
    const outcome = await runWorkflowCommand(
      deps,
      workflowId,
      {
        type: "CreateWorkflow",
        data: {
          workflowId,
          workspaceId,
          name: attributes.name,
          description: attributes.description,
          stages: stageInputs(attributes.stages_attributes, commandId),
        },
      },
      commandId,
      session.userId,
    );
    reply.status(201).header("location", `/api/v1/workspaces/${workspaceId}/workflows/${workflowId}`);
    return writtenDocument(outcome.state, outcome.position);
  });

  app.put("/workspaces/:id/workflows/:workflowId", async (request) => {
    const session = requireSession(request);
    const { workspaceId, workflowId } = workflowIdOf(request.params);
    const { id, attributes } = parseWriteBody(updateWorkflowAttributes, request.body, { types });
    if (id !== undefined && id !== workflowId) {
      throw new DomainError("CONFLICT", "data.id does not match the workflow in the URL", "/data/id");
    }
    const commandId = commandIdOf(request);
    // The spec's Edit Workflow sends `stages`; errors then point where it sent them.
    const sentAs = attributes.stages_attributes === undefined && attributes.stages !== undefined ? "stages" : null;
    const stages = attributes.stages_attributes ?? attributes.stages;
    try {
      const outcome = await runWorkflowCommand(
        deps,
        workflowId,
        {
          type: "UpdateWorkflow",
          data: {
            workspaceId,
            name: attributes.name,
            description: attributes.description,
            stages: stages === undefined ? undefined : stageInputs(stages, commandId),
          },
        },
        commandId,
        session.userId,
      );
      return writtenDocument(outcome.state, outcome.position);
    } catch (error) {
      if (sentAs && error instanceof DomainError && error.pointer?.startsWith("/data/attributes/stages_attributes")) {
        const pointer = error.pointer.replace("/data/attributes/stages_attributes", "/data/attributes/stages");
        throw new DomainError(error.code, error.message, pointer);
      }
      throw error;
    }
  });

  app.delete("/workspaces/:id/workflows/:workflowId", async (request) => {
    const session = requireSession(request);
    const { workspaceId, workflowId } = workflowIdOf(request.params);
    const outcome = await runWorkflowCommand(
      deps,
      workflowId,
      { type: "RemoveWorkflow", data: { workspaceId } },
      commandIdOf(request),
      session.userId,
    );
    return { meta: { position: outcome.position } };
  });
}
