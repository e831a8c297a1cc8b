// Invitations (spec §7, API.md): send to a workspace or a project, list mine (the bell) and a
// project's or workspace's pending ones (the Access tab), accept or reject.

import { DomainError } from "@hirestream/contracts/errors.ts";
import {
  answerInvitationAttributes,
  invitationListQuery,
  sendInvitationAttributes,
} from "@hirestream/contracts/invitations/commands.ts";
import type { Invitation, InvitationState } from "@hirestream/domain/invitation/invitation.decider.ts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { requireSession } from "../auth/authenticate.ts";
import { findReadableProject } from "../candidacies/candidacy-queries.ts";
import type { Deps } from "../deps.ts";
import { commandIdOf } from "../http/idempotency.ts";
import { listDocument, type ResourceObject } from "../http/jsonapi.ts";
import { parseParams, parseWriteBody } from "../http/parse.ts";
import { pathId } from "../http/path-id.ts";
import { afterOwnWrites } from "../http/read-your-writes.ts";
import { workspaceParam } from "../projects/project-path.ts";
import { findWorkspace } from "../workspaces/workspace-queries.ts";
import { answerInvitation } from "./accept-invitation.ts";
import { currentInvitation, runInvitationCommand } from "./invitation-commands.ts";
import { sendContext, withdrawContext } from "./invitation-context.ts";
import {
  invitationIncluded,
  invitationResource,
  waitingInvitationsOf,
  waitingInvitationsTo,
} from "./invitation-queries.ts";

const types = ["invitation", "invitations"] as const;

/** The answer to a write, from the invitation's own state (the read model may not have it yet). */
function writtenInvitation(state: InvitationState): ResourceObject | null {
  if (state.status === "unknown") return null;
  const invitation: Invitation = state.invitation;
  return {
    id: invitation.invitationId,
    type: "invitation",
    attributes: {
      user_to_id: invitation.toUserId,
      user_to_email: invitation.toEmail,
      user_from_id: invitation.fromUserId,
      invitable_id: invitation.invitableId,
      invitable_type: invitation.invitableType,
      workspace_role: invitation.workspaceRole,
      project_role: invitation.projectRole,
      status: state.status,
    },
    relationships: {
      user_from: { data: { id: invitation.fromUserId, type: "user" } },
      invitable: { data: { id: invitation.invitableId, type: invitation.invitableType.toLowerCase() } },
    },
  };
}

function listed(
  rows: Awaited<ReturnType<typeof waitingInvitationsOf>>,
  query: { limit: number; page: number },
  path: string,
) {
  const start = (query.page - 1) * query.limit;
  const shown = rows.slice(start, start + query.limit);
  const document = listDocument(shown.map(invitationResource), {
    total: rows.length,
    page: { number: query.page, size: query.limit },
    path,
    query: {},
  });
  return { ...document, included: invitationIncluded(shown) };
}

export function invitationRoutes(app: FastifyInstance, deps: Deps): void {
  // Whether the invitee has an account or a waiting invitation is read from the read models.
  app.post("/invitations", { preHandler: afterOwnWrites(deps) }, async (request, reply) => {
    const session = requireSession(request);
    const { id, attributes } = parseWriteBody(sendInvitationAttributes, request.body, { types });
    const invitationId = id ?? commandIdOf(request);
    const actor = { userId: session.userId, email: session.email };
    const context = await sendContext(deps, actor, attributes);
    const outcome = await runInvitationCommand(
      deps,
      invitationId,
      {
        type: "SendInvitation",
        data: {
          invitationId,
          toEmail: attributes.user_to_email,
          invitableType: attributes.invitable_type,
          invitableId: attributes.invitable_id,
          workspaceRole: attributes.workspace_role ?? undefined,
          projectRole: attributes.project_role ?? undefined,
        },
      },
      commandIdOf(request),
      context,
    );
    // An email without an account is mailed by a reaction to the stored invitation (invitation-mail.ts).
    return reply.status(201).send({ data: writtenInvitation(outcome.state), meta: { position: outcome.position } });
  });

  app.get("/invitations", async (request) => {
    const session = requireSession(request);
    const query = parseParams(invitationListQuery, request.query);
    const rows = await waitingInvitationsOf(deps, { userId: session.userId, email: session.email });
    return listed(rows, query, "/api/v1/invitations");
  });

  app.get("/projects/:id/invitations", async (request) => {
    const session = requireSession(request);
    const projectId = pathId(request.params, "id", "Project not found");
    const query = parseParams(invitationListQuery, request.query);
    if (!(await findReadableProject(deps, session.userId, projectId)))
      throw new DomainError("NOT_FOUND", "Project not found");
    return listed(
      await waitingInvitationsTo(deps, session.userId, { projectId }),
      query,
      `/api/v1/projects/${projectId}/invitations`,
    );
  });

  app.get("/workspaces/:id/invitations", async (request) => {
    const session = requireSession(request);
    const workspaceId = workspaceParam(request.params);
    const query = parseParams(invitationListQuery, request.query);
    if (workspaceId !== "me" && !(await findWorkspace(deps, session.userId, workspaceId)))
      throw new DomainError("NOT_FOUND", "Workspace not found");
    return listed(
      await waitingInvitationsTo(deps, session.userId, { workspaceId }),
      query,
      `/api/v1/workspaces/${workspaceId}/invitations`,
    );
  });

  app.put("/invitations/:id/accept", (request) => answer(request, "AcceptInvitation"));
  app.put("/invitations/:id/reject", (request) => answer(request, "RejectInvitation"));

  // Beyond API.md: whoever may invite to the workspace or project takes back a waiting invitation.
  app.delete("/invitations/:id", async (request) => {
    const session = requireSession(request);
    const invitationId = pathId(request.params, "id", "Invitation not found");
    const actor = { userId: session.userId, email: session.email };
    const current = await currentInvitation(deps, invitationId);
    const opens = current.status === "unknown" ? null : current.invitation;
    const outcome = await runInvitationCommand(
      deps,
      invitationId,
      { type: "WithdrawInvitation" },
      commandIdOf(request),
      await withdrawContext(deps, actor, opens),
    );
    return { data: writtenInvitation(outcome.state), meta: { position: outcome.position } };
  });

  async function answer(request: FastifyRequest, type: "AcceptInvitation" | "RejectInvitation") {
    const session = requireSession(request);
    const invitationId = pathId(request.params, "id", "Invitation not found");
    if (request.body !== undefined && request.body !== null)
      parseWriteBody(answerInvitationAttributes, request.body, { types });
    const { state, position } = await answerInvitation(
      deps,
      { userId: session.userId, email: session.email },
      invitationId,
      { type },
      commandIdOf(request),
    );
    return { data: writtenInvitation(state), meta: { position } };
  }
}
