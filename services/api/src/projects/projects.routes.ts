import { DomainError } from "@hirestream/contracts/errors.ts";
import {
  createProjectAttributes,
  projectListQuery,
  updateProjectAttributes,
} from "@hirestream/contracts/projects/commands.ts";
import { workflowMessages } from "@hirestream/contracts/workflows/commands.ts";
import { workflowCopyIdOf } from "@hirestream/contracts/workflows/copy-ids.ts";
import type { ProjectCommand, ProjectState } from "@hirestream/domain/project/project.decider.ts";
import type { WorkflowTemplate } from "@hirestream/domain/workflow/workflow-copy.ts";
import { scopedId } from "@hirestream/eventstore/event-id.ts";
import type { FastifyInstance } from "fastify";
import { requireSession } from "../auth/authenticate.ts";
import type { Deps } from "../deps.ts";
import { commandIdOf } from "../http/idempotency.ts";
import { listDocument } from "../http/jsonapi.ts";
import { parseParams, parseWriteBody } from "../http/parse.ts";
import { pathId } from "../http/path-id.ts";
import { afterOwnWrites } from "../http/read-your-writes.ts";
import { findTemplate, makeCopy, requireWorkspaceRole } from "../workflows/workflow-copies.ts";
import { findWorkspace } from "../workspaces/workspace-queries.ts";
import { checkNewProject, currentProject, runProjectCommand } from "./project-commands.ts";
import { commandWorkspace, type PathWorkspace, workspaceParam } from "./project-path.ts";
import { findProject, listProjects, projectResource, writtenProject } from "./project-queries.ts";
import { createOwnSequence, sequenceRelationshipIn, templateSequenceChoice, withSequence } from "./project-sequence.ts";

const types = ["project", "projects"] as const;

type CreateProjectCommand = Extract<ProjectCommand, { type: "CreateProject" }>;

/** A new project is made in one workspace: `me` names none. */
function workspaceIdOf(params: unknown): string {
  const workspaceId = workspaceParam(params);
  if (workspaceId === "me") throw new DomainError("NOT_FOUND", "Workspace not found");
  return workspaceId;
}

/** `me` for the workspace reaches a project in any of the user's workspaces (API.md). */
function idsOf(params: unknown): { workspaceId: PathWorkspace; projectId: string } {
  const workspaceId = workspaceParam(params);
  return { workspaceId, projectId: pathId(params, "projectId", "Project not found") };
}

/**
 * The template a new project is given, checked before anything is appended: only a template of
 * the project's workspace (after the permission check, so a stranger learns nothing of it).
 */
async function templateFor(
  deps: Deps,
  userId: string,
  workspaceId: string,
  templateId: string | null | undefined,
): Promise<WorkflowTemplate | null> {
  if (!templateId) return null;
  await requireWorkspaceRole(deps, userId, workspaceId, "projects.create");
  const template = await findTemplate(deps, workspaceId, templateId);
  if (typeof template === "string") {
    throw new DomainError("VALIDATION", workflowMessages.notATemplate, "/data/attributes/workflow_id");
  }
  return template;
}

/** What a write answers: the project as the command left it. */
function writtenDocument(state: ProjectState, position: number) {
  return { data: state.status === "existing" ? writtenProject(state.project) : null, meta: { position } };
}

export function projectRoutes(app: FastifyInstance, deps: Deps): void {
  // `me` lists the projects of every workspace the user belongs to (API.md).
  app.get("/workspaces/:id/projects", async (request) => {
    const session = requireSession(request);
    const workspaceId = workspaceParam(request.params);
    const query = parseParams(projectListQuery, request.query);
    if (workspaceId !== "me" && !(await findWorkspace(deps, session.userId, workspaceId)))
      throw new DomainError("NOT_FOUND", "Workspace not found");
    const { rows, total } = await listProjects(deps, session.userId, workspaceId, query);
    return listDocument(rows.map(projectResource), {
      total,
      page: { number: query.page, size: query.limit },
      path: `/api/v1/workspaces/${workspaceId}/projects`,
      query: {
        search_by: query.search_by,
        "by_status[]": [...(query["by_status[]"] ?? []), ...(query.by_status ?? [])],
      },
    });
  });

  app.get("/workspaces/:id/projects/:projectId", async (request) => {
    const session = requireSession(request);
    const { workspaceId, projectId } = idsOf(request.params);
    const project = await findProject(deps, session.userId, workspaceId, projectId);
    if (!project) throw new DomainError("NOT_FOUND", "Project not found");
    return { data: projectResource(project) };
  });

  app.post("/workspaces/:id/projects", async (request, reply) => {
    const session = requireSession(request);
    const workspaceId = workspaceIdOf(request.params);
    const { id, attributes } = parseWriteBody(createProjectAttributes, request.body, { types });
    // Derived from the command id, so a request repeated with its Idempotency-Key names the same project.
    const commandId = commandIdOf(request);
    const projectId = id ?? scopedId(commandId, "project");
    const { name, description, priority, status, start_date, deadline, visible, workflow_id } = attributes;
    const template = await templateFor(deps, session.userId, workspaceId, workflow_id);
    const sent = sequenceRelationshipIn(request.body);
    // Permission before anything is said of the relationship: a stranger learns nothing (404).
    if (sent && !template) await requireWorkspaceRole(deps, session.userId, workspaceId, "projects.create");
    const sequence = templateSequenceChoice(sent, workspaceId, template, commandId);
    // The project records its copy in the append that creates it; the copy is made right after
    // (and by a reaction to that append, should this request not live to make it).
    const workflow = template && {
      workflowId: workflowCopyIdOf(projectId, template.workflowId),
      templateId: template.workflowId,
      ...(sequence.kind === "edited" ? { ownSequence: sequence.ownSequence } : {}),
    };
    const command: CreateProjectCommand = {
      type: "CreateProject",
      data: {
        projectId,
        workspaceId,
        name,
        description: description ?? null,
        priority,
        status,
        startDate: start_date ?? null,
        deadline: deadline ?? null,
        workflow,
        ...(visible !== undefined ? { visible } : {}),
      },
    };
    // The project's own sequence is appended first, so that the project and its copy never name a
    // sequence that is not there; the project is decided on before, so a refusal of either leaves nothing.
    let own: Awaited<ReturnType<typeof createOwnSequence>> | null = null;
    let made: { position: number } | undefined;
    if (sequence.kind === "edited") {
      await afterOwnWrites(deps)(request, reply);
      made = await checkNewProject(deps, workspaceId, command, commandId, session.userId);
      own = await createOwnSequence(deps, workspaceId, sequence, commandId, session.userId);
    }
    // A retry of a request cut short after the project was made goes on to make its copy.
    const outcome = made
      ? { state: await currentProject(deps, projectId), position: made.position }
      : await runProjectCommand(deps, workspaceId, projectId, command, commandId, session.userId);
    const copy =
      template &&
      (await makeCopy(
        deps,
        template,
        projectId,
        commandId,
        session.userId,
        sequence.kind === "edited" ? sequence.ownSequence : undefined,
      ));
    reply.status(201).header("location", `/api/v1/workspaces/${workspaceId}/projects/${projectId}`);
    const position = Math.max(outcome.position, copy?.position ?? 0, own?.position ?? 0);
    return withSequence(deps, writtenDocument(outcome.state, position), sequence, own?.state);
  });

  app.put("/workspaces/:id/projects/:projectId", async (request) => {
    const session = requireSession(request);
    const { workspaceId: path, projectId } = idsOf(request.params);
    const { id, attributes } = parseWriteBody(updateProjectAttributes, request.body, { types });
    if (id !== undefined && id !== projectId) {
      throw new DomainError("CONFLICT", "data.id does not match the project in the URL", "/data/id");
    }
    const workspaceId = await commandWorkspace(deps, path, projectId);
    const { name, description, priority, status, start_date, deadline, visible, workflow_id } = attributes;
    const outcome = await runProjectCommand(
      deps,
      workspaceId,
      projectId,
      {
        type: "UpdateProject",
        data: {
          changes: {
            ...(name !== undefined ? { name } : {}),
            ...(description !== undefined ? { description } : {}),
            ...(priority !== undefined ? { priority } : {}),
            ...(status !== undefined ? { status } : {}),
            ...(start_date !== undefined ? { startDate: start_date } : {}),
            ...(deadline !== undefined ? { deadline } : {}),
            ...(visible !== undefined ? { visible } : {}),
            ...(workflow_id !== undefined ? { workflowId: workflow_id } : {}),
          },
        },
      },
      commandIdOf(request),
      session.userId,
    );
    return writtenDocument(outcome.state, outcome.position);
  });

  app.delete("/workspaces/:id/projects/:projectId", async (request) => {
    const session = requireSession(request);
    const { workspaceId: path, projectId } = idsOf(request.params);
    const workspaceId = await commandWorkspace(deps, path, projectId);
    const outcome = await runProjectCommand(
      deps,
      workspaceId,
      projectId,
      { type: "RemoveProject" },
      commandIdOf(request),
      session.userId,
    );
    return { meta: { position: outcome.position, result: "removed" } };
  });
}
