import { DomainError } from "@hirestream/contracts/errors.ts";
import type { FastifyInstance } from "fastify";
import { requireSession } from "../auth/authenticate.ts";
import type { Database } from "../database.ts";
import type { Deps } from "../deps.ts";
import type { ResourceObject } from "../http/jsonapi.ts";
import { pathId } from "../http/path-id.ts";
import { readableProjectIds } from "../projects/readable-projects.ts";
import { findVisiblePerson } from "./people-queries.ts";

/** API.md's `message`: the spec's Message fields and the thread's own. */
export function messageResource(row: Database["read.messages"]): ResourceObject {
  return {
    id: row.id,
    type: "message",
    attributes: {
      type: row.type,
      kind: row.kind,
      project_id: row.project_id,
      person_id: row.person_id,
      processor_id: row.processor_id,
      position: row.position,
      status: row.status,
      created_at: row.created_at.toISOString(),
      from: row.from,
      to: row.to,
      subject: row.subject,
      body_untracked: row.body_untracked,
      message_id: row.message_id,
      in_reply_to: row.in_reply_to,
    },
  };
}

/**
 * Spec §7 person messages: what every run of the person's sent and received, oldest first, in the
 * projects the caller may read (a person is in projects the caller may not see). A person the caller
 * cannot see is unknown.
 */
export function personMessageRoutes(app: FastifyInstance, deps: Deps): void {
  app.get("/people/:id/messages", async (request) => {
    const session = requireSession(request);
    const personId = pathId(request.params, "id", "Person not found");
    if (!(await findVisiblePerson(deps, session.userId, personId)))
      throw new DomainError("NOT_FOUND", "Person not found");
    const rows = await deps.db
      .selectFrom("read.messages")
      .selectAll()
      .where("person_id", "=", personId)
      .where("project_id", "in", readableProjectIds(deps.db, session.userId))
      .orderBy("created_at")
      .orderBy("id")
      .execute();
    return { data: rows.map(messageResource), meta: { total: rows.length } };
  });
}
