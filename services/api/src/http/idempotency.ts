import { createHash } from "node:crypto";
import { DomainError } from "@hirestream/contracts/errors.ts";
import { scopedId } from "@hirestream/eventstore/event-id.ts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Deps } from "../deps.ts";

declare module "fastify" {
  interface FastifyRequest {
    idempotency: { key: string; owner: string; hash: string } | null;
  }
}

const keyPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const mutations = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * The command id of a write: derived from its owner and Idempotency-Key when sent, so a retry
 * derives the same event ids while two users' keys can never collide.
 */
export function commandIdOf(request: FastifyRequest): string {
  const idempotency = request.idempotency;
  return idempotency ? scopedId(idempotency.owner, idempotency.key) : request.id;
}

/**
 * A write repeated with the same Idempotency-Key and body answers the first answer and changes
 * nothing; the same key with another body is refused. Keys belong to the signed-in user.
 * Runs after the session is read. Auth routes that open a session answer with fresh session
 * headers, so they only use the key as their command id; a caller without a session has nothing to
 * replay and stores nothing.
 */
export function installIdempotency(app: FastifyInstance, deps: Deps): void {
  app.addHook("preHandler", async (request, reply) => {
    request.idempotency = null;
    const header = request.headers["idempotency-key"];
    if (!mutations.has(request.method) || header === undefined) return;
    if (typeof header !== "string" || !keyPattern.test(header)) {
      throw new DomainError("BAD_REQUEST", "Idempotency-Key must be a UUID");
    }
    const owner = request.session?.userId ?? "anonymous";
    const hash = createHash("sha256")
      .update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`)
      .digest("base64url");
    request.idempotency = { key: header, owner, hash };
    if (!remembers(request)) return;
    const stored = await deps.db
      .selectFrom("idempotency_keys")
      .selectAll()
      .where("owner", "=", owner)
      .where("key", "=", header)
      .executeTakeFirst();
    if (!stored) return;
    if (stored.request_hash !== hash) throw new DomainError("IDEMPOTENCY_KEY_REUSED");
    reply.header("idempotent-replayed", "true");
    return reply.status(stored.status).type("application/vnd.api+json").send(stored.body);
  });

  app.addHook("onSend", async (request, reply, payload) => {
    const idempotency = request.idempotency;
    if (!idempotency || !remembers(request) || reply.getHeader("idempotent-replayed")) return payload;
    // Server faults are not remembered: the client's retry should run again.
    if (reply.statusCode >= 500 || reply.statusCode === 429 || reply.statusCode === 409) return payload;
    const body = typeof payload === "string" && payload.length > 0 ? (JSON.parse(payload) as unknown) : null;
    await deps.db
      .insertInto("idempotency_keys")
      .values({
        owner: idempotency.owner,
        key: idempotency.key,
        request_hash: idempotency.hash,
        status: reply.statusCode,
        body: JSON.stringify(body),
      })
      .onConflict((conflict) => conflict.columns(["owner", "key"]).doNothing())
      .execute();
    return payload;
  });
}

/** Auth writes that answer within the caller's own session, so a stored answer replays like any other. */
const replayableAuthWrites = new Set(["PUT /api/v1/auth", "DELETE /api/v1/auth/sessions"]);

/** Answers are remembered per signed-in user, and not for the auth routes that open sessions. */
function remembers(request: FastifyRequest): boolean {
  const url = request.routeOptions.url ?? "";
  return (
    request.session !== null &&
    (!url.startsWith("/api/v1/auth") || replayableAuthWrites.has(`${request.method} ${url}`))
  );
}
