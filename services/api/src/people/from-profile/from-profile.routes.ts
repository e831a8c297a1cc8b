// POST /people/from_profile: the browser extension adds the person of a profile page to the user's
// talent pool, or to a workspace, a project and a stage; a person already known is not added twice.
import { DomainError } from "@hirestream/contracts/errors.ts";
import {
  ALREADY_IN_TALENT_POOL,
  ALREADY_IN_WORKSPACE,
  normalizeProfileUrl,
  type ProfileAddedMeta,
  profileAttributes,
} from "@hirestream/contracts/people/from-profile.ts";
import type { FastifyInstance, FastifyReply } from "fastify";
import { requireSession } from "../../auth/authenticate.ts";
import type { Deps } from "../../deps.ts";
import { commandIdOf } from "../../http/idempotency.ts";
import type { ResourceObject } from "../../http/jsonapi.ts";
import { parseWriteBody } from "../../http/parse.ts";
import { afterOwnWrites, readModelsAt } from "../../http/read-your-writes.ts";
import { WorkspaceRoles } from "../../workspaces/workspace-roles.ts";
import { findVisiblePerson, personResource, relatedWorkspaces } from "../people-queries.ts";
import { addFromProfile } from "./add-from-profile.ts";
import { profileDestination } from "./profile-target.ts";

const types = ["person", "people"] as const;

/**
 * The person as GET /people/{id} shows it, once the read models hold what this add appended. A
 * person another add made a moment ago may not be there yet: then everything appended so far.
 */
async function personDocument(
  deps: Deps,
  userId: string,
  personId: string,
  position: number,
  reply: FastifyReply,
): Promise<ResourceObject> {
  await readModelsAt(deps, position, reply);
  let person = await findVisiblePerson(deps, userId, personId);
  if (!person) {
    await readModelsAt(deps, await deps.store.headPosition(), reply);
    person = await findVisiblePerson(deps, userId, personId);
  }
  if (!person) throw new DomainError("NOT_FOUND", "Person not found");
  const related = await relatedWorkspaces(deps, userId, [person]);
  return personResource(person, related.get(personId) ?? []);
}

export function fromProfileRoutes(app: FastifyInstance, deps: Deps): void {
  // The person is matched by address and email in the read model, which must hold the session's own earlier adds.
  app.post("/people/from_profile", { preHandler: afterOwnWrites(deps) }, async (request, reply) => {
    const session = requireSession(request);
    const { attributes } = parseWriteBody(profileAttributes, request.body, { types });
    const address = normalizeProfileUrl(attributes.linkedin);
    if (address === null) {
      throw new DomainError("VALIDATION", "must be an http(s) address", "/data/attributes/linkedin");
    }
    const roles = new WorkspaceRoles(deps, session.userId);
    const destination = await profileDestination(deps, session.userId, attributes, roles);
    const added = await addFromProfile(deps, {
      commandId: commandIdOf(request),
      userId: session.userId,
      attributes,
      address,
      destination,
      roles,
    });
    const data = await personDocument(deps, session.userId, added.personId, added.position, reply);
    const meta: ProfileAddedMeta = {
      position: added.position,
      outcome: added.outcome,
      ...(added.outcome === "existing"
        ? { message: added.inOwnPool ? ALREADY_IN_TALENT_POOL : ALREADY_IN_WORKSPACE }
        : {}),
      link: `/profile/${added.personId}`,
      ...(added.candidacy ? { candidacy: added.candidacy } : {}),
    };
    reply.status(added.outcome === "new" ? 201 : 200);
    return { data, meta };
  });
}
