import { DomainError } from "@hirestream/contracts/errors.ts";
import { listQuery } from "@hirestream/contracts/lists.ts";
import { createWorkspaceAttributes, updateWorkspaceAttributes } from "@hirestream/contracts/workspaces/commands.ts";
import { type WorkspaceState, workspaceMemberMessages } from "@hirestream/domain/workspace/workspace.decider.ts";
import { scopedId } from "@hirestream/eventstore/event-id.ts";
import type { FastifyInstance } from "fastify";
import { requireSession } from "../auth/authenticate.ts";
import type { Deps } from "../deps.ts";
import { commandIdOf } from "../http/idempotency.ts";
import { listDocument } from "../http/jsonapi.ts";
import { parseParams, parseWriteBody } from "../http/parse.ts";
import { pathId } from "../http/path-id.ts";
import { runWorkspaceCommand } from "./workspace-commands.ts";
import { findWorkspace, listWorkspaces, workspaceResource } from "./workspace-queries.ts";
import { WorkspaceRoles } from "./workspace-roles.ts";

const types = ["workspace", "workspaces"] as const;

/** An id that is not a UUID names nothing: 404, like any other unknown id. */
function workspaceIdOf(params: unknown): string {
  return pathId(params, "id", "Workspace not found");
}

/** What a write answers: the workspace as the command left it, before read models catch up. */
function writtenResource(state: WorkspaceState, actorId: string) {
  if (state.status !== "active") return null;
  return {
    id: state.workspaceId,
    type: "workspace",
    attributes: { name: state.name, description: state.description, visible: state.visible, user_id: state.ownerId },
    meta: { role: state.members.get(actorId) ?? null },
  };
}

export function workspaceRoutes(app: FastifyInstance, deps: Deps): void {
  app.get("/workspaces", async (request) => {
    const session = requireSession(request);
    const query = parseParams(listQuery, request.query);
    const { rows, total } = await listWorkspaces(deps, session.userId, query);
    return listDocument(rows.map(workspaceResource), {
      total,
      page: { number: query.page, size: query.limit },
      path: "/api/v1/workspaces",
      query: { search_by: query.search_by },
    });
  });

  app.get("/workspaces/:id", async (request) => {
    const session = requireSession(request);
    const workspace = await findWorkspace(deps, session.userId, workspaceIdOf(request.params));
    if (!workspace) throw new DomainError("NOT_FOUND", "Workspace not found");
    return { data: workspaceResource(workspace) };
  });

  app.post("/workspaces", async (request, reply) => {
    const session = requireSession(request);
    const { id, attributes } = parseWriteBody(createWorkspaceAttributes, request.body, { types });
    // Derived from the command id, so a request repeated with its Idempotency-Key names the same workspace.
    const commandId = commandIdOf(request);
    const workspaceId = id ?? scopedId(commandId, "workspace");
    const outcome = await runWorkspaceCommand(
      deps,
      workspaceId,
      {
        type: "CreateWorkspace",
        data: {
          workspaceId,
          name: attributes.name,
          ...(attributes.description ? { description: attributes.description } : {}),
          ...(attributes.visible !== undefined ? { visible: attributes.visible } : {}),
        },
      },
      commandId,
      session.userId,
    );
    reply.status(201).header("location", `/api/v1/workspaces/${workspaceId}`);
    return { data: writtenResource(outcome.state, session.userId), meta: { position: outcome.position } };
  });

  app.put("/workspaces/:id", async (request) => {
    const session = requireSession(request);
    const workspaceId = workspaceIdOf(request.params);
    const { id, attributes } = parseWriteBody(updateWorkspaceAttributes, request.body, { types });
    if (id !== undefined && id !== workspaceId) {
      throw new DomainError("CONFLICT", "data.id does not match the workspace in the URL", "/data/id");
    }
    const { name, description, visible } = attributes;
    const outcome = await runWorkspaceCommand(
      deps,
      workspaceId,
      {
        type: "UpdateWorkspace",
        data: {
          ...(name !== undefined ? { name } : {}),
          ...(description !== undefined ? { description } : {}),
          ...(visible !== undefined ? { visible } : {}),
        },
      },
      commandIdOf(request),
      session.userId,
    );
    return { data: writtenResource(outcome.state, session.userId), meta: { position: outcome.position } };
  });

  // The owner removes the workspace; any other member leaves it (the spec's guest "Leave").
  app.delete("/workspaces/:id", async (request) => {
    const session = requireSession(request);
    const workspaceId = workspaceIdOf(request.params);
    // The role from the workspace's stream: a workspace joined a moment ago can be left at once.
    const role = await new WorkspaceRoles(deps, session.userId).of(workspaceId);
    const command =
      role !== undefined && role !== "owner"
        ? ({ type: "LeaveWorkspace" } as const)
        : ({ type: "RemoveWorkspace" } as const);
    const outcome = await runWorkspaceCommand(deps, workspaceId, command, commandIdOf(request), session.userId);
    return { meta: { position: outcome.position, result: command.type === "LeaveWorkspace" ? "left" : "removed" } };
  });

  // Spec §6: a manager "add[s] and remove[s] users". The path names the member by their user id.
  app.delete("/workspaces/:id/workspace_users/:userId", async (request) => {
    const session = requireSession(request);
    const workspaceId = workspaceIdOf(request.params);
    const userId = pathId(request.params, "userId", workspaceMemberMessages.notMember);
    const outcome = await runWorkspaceCommand(
      deps,
      workspaceId,
      { type: "RemoveWorkspaceMember", data: { userId } },
      commandIdOf(request),
      session.userId,
    );
    return { meta: { position: outcome.position } };
  });
}
