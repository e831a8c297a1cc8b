// A project's members (spec §7 Project users): change a member's role, or remove them. Members
// join through invitations (invitations.routes.ts).
import { DomainError } from "@hirestream/contracts/errors.ts";
import type { ProjectRole } from "@hirestream/contracts/projects/events.ts";
import { projectUserAttributes } from "@hirestream/contracts/projects/project-user-commands.ts";
import { projectUserIdOf } from "@hirestream/contracts/projects/project-user-id.ts";
import { projectMemberMessages } from "@hirestream/domain/project/project.decider.ts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { requireSession } from "../auth/authenticate.ts";
import type { Deps } from "../deps.ts";
import { commandIdOf } from "../http/idempotency.ts";
import type { ResourceObject } from "../http/jsonapi.ts";
import { parseWriteBody } from "../http/parse.ts";
import { pathId } from "../http/path-id.ts";
import { currentProject, runProjectCommand } from "./project-commands.ts";

const types = ["project_user", "project_users"] as const;

/** The project and the member its path names; the member's id is a function of project and user. */
async function memberOf(deps: Deps, params: unknown) {
  const projectId = pathId(params, "projectId", "Project not found");
  const memberId = pathId(params, "id", projectMemberMessages.notMember);
  const state = await currentProject(deps, projectId);
  if (state.status !== "existing") throw new DomainError("NOT_FOUND", "Project not found");
  const userId = [...state.members.keys()].find((each) => projectUserIdOf(projectId, each) === memberId);
  return { projectId, memberId, workspaceId: state.project.workspaceId, userId };
}

async function memberResource(
  deps: Deps,
  member: { projectId: string; memberId: string; userId: string },
  role: ProjectRole,
): Promise<ResourceObject> {
  const user = await deps.db
    .selectFrom("read.users")
    .select(["first_name", "last_name", "email"])
    .where("id", "=", member.userId)
    .executeTakeFirst();
  return {
    id: member.memberId,
    type: "project_user",
    attributes: {
      user_id: member.userId,
      project_id: member.projectId,
      role,
      first_name: user?.first_name ?? "",
      last_name: user?.last_name ?? "",
      email: user?.email ?? "",
    },
  };
}

export function projectUserRoutes(app: FastifyInstance, deps: Deps): void {
  app.put("/projects/:projectId/project_users/:id", async (request) => {
    const { attributes } = parseWriteBody(projectUserAttributes, request.body, { types });
    const { member, outcome } = await run(request, (userId) => ({
      type: "ChangeProjectMemberRole",
      data: { userId, role: attributes.role },
    }));
    const role = outcome.state.status === "existing" ? outcome.state.members.get(member.userId) : undefined;
    return {
      data: role ? await memberResource(deps, member, role) : null,
      meta: { position: outcome.position },
    };
  });

  app.delete("/projects/:projectId/project_users/:id", async (request) => {
    const { outcome } = await run(request, (userId) => ({ type: "RemoveProjectMember", data: { userId } }));
    return { meta: { position: outcome.position, result: "removed" } };
  });

  async function run(
    request: FastifyRequest,
    command: (
      userId: string,
    ) =>
      | { type: "ChangeProjectMemberRole"; data: { userId: string; role: ProjectRole } }
      | { type: "RemoveProjectMember"; data: { userId: string } },
  ) {
    const session = requireSession(request);
    const found = await memberOf(deps, request.params);
    // Someone who is not (or no longer) a member: the domain says so, after checking who may ask.
    const userId = found.userId ?? found.memberId;
    const outcome = await runProjectCommand(
      deps,
      found.workspaceId,
      found.projectId,
      command(userId),
      commandIdOf(request),
      session.userId,
    );
    return { member: { ...found, userId }, outcome };
  }
}
