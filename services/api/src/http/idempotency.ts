import { createHash } from "node:crypto";
import { DomainError } from "@hirestream/contracts/errors.ts";
import { scopedId } from "@hirestream/eventstore/event-id.ts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import type { Deps } from "../deps.ts";
import { type Claim, IdempotencyClaims } from "./idempotency-claims.ts";

declare module "fastify" {
  interface FastifyRequest {
    idempotency: { key: string; owner: string; hash: string } | null;
    idempotencyClaim: Claim | null;
  }
}

const keyPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const mutations = new Set(["POST", "PUT", "PATCH", "DELETE"]);
/** How long a repeat waits for the first request with its key to finish before answering 503. */
export const IDEMPOTENCY_WAIT_MS = 10_000;

/**
 * The command id of a write: derived from its owner and Idempotency-Key when sent, so a retry
 * derives the same event ids while two users' keys can never collide.
 */
export function commandIdOf(request: FastifyRequest): string {
  const idempotency = request.idempotency;
  return idempotency ? scopedId(idempotency.owner, idempotency.key) : request.id;
}

const withEmail = z.object({ email: z.string() });
const withResetToken = z.object({ reset_password_token: z.string() });

/**
 * Whose key it is. A signed-in caller's keys are theirs; a caller without a session (sign-up,
 * password reset) is known only by what their own request carries, so two people sending the same
 * key never share it. A request that carries nothing of the kind uses no key at all.
 */
function ownerOf(request: FastifyRequest): string | null {
  if (request.session) return request.session.userId;
  // With nothing stored to refuse a key used twice, the route is part of the scope too: a sign-up
  // and a reset sent with one key must not derive the same event ids.
  const route = `${request.method} ${request.routeOptions.url ?? request.url}`;
  const email = withEmail.safeParse(request.body).data?.email.trim().toLowerCase();
  if (email) return `${route} email:${email}`;
  const token = withResetToken.safeParse(request.body).data?.reset_password_token;
  if (token) return `${route} reset:${createHash("sha256").update(token).digest("base64url")}`;
  return null;
}

/**
 * A write repeated with the same Idempotency-Key and body answers the first answer and changes
 * nothing, even when the copies arrive at once: the first claims the key before its handler runs
 * and the others wait for its answer. The same key with another body is refused with 422.
 * Runs after the session is read. Auth routes that open a session answer with fresh session
 * headers, so they only use the key as their command id; a caller without a session has nothing to
 * replay and stores nothing.
 */
export function installIdempotency(app: FastifyInstance, deps: Deps): void {
  const waitMs = deps.idempotencyWaitMs ?? IDEMPOTENCY_WAIT_MS;
  const claims = new IdempotencyClaims(deps.pool.options, waitMs);
  app.addHook("onClose", () => claims.close());

  app.addHook("preHandler", async (request, reply) => {
    request.idempotency = null;
    request.idempotencyClaim = null;
    const header = request.headers["idempotency-key"];
    if (!mutations.has(request.method) || header === undefined) return;
    if (typeof header !== "string" || !keyPattern.test(header)) {
      throw new DomainError("BAD_REQUEST", "Idempotency-Key must be a UUID");
    }
    const owner = ownerOf(request);
    if (owner === null) return;
    const hash = createHash("sha256")
      .update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`)
      .digest("base64url");
    request.idempotency = { key: header, owner, hash };
    if (!remembers(request)) return;
    const found = await claims.claim(owner, header, hash).catch((error: unknown) => {
      if (error instanceof DomainError && error.code === "IDEMPOTENCY_KEY_IN_USE") reply.header("retry-after", "1");
      throw error;
    });
    if (found.kind === "claimed") {
      request.idempotencyClaim = found.claim;
      return;
    }
    if (found.hash !== hash) throw new DomainError("IDEMPOTENCY_KEY_REUSED");
    reply.header("idempotent-replayed", "true");
    return reply.status(found.status).type("application/vnd.api+json").send(found.body);
  });

  app.addHook("onSend", async (request, reply, payload) => {
    const claim = request.idempotencyClaim;
    if (!claim) return payload;
    request.idempotencyClaim = null;
    // Server faults, throttling and conflicts are not remembered: the client's retry should run again.
    if (reply.statusCode >= 500 || reply.statusCode === 429 || reply.statusCode === 409) {
      await claim.release();
      return payload;
    }
    // Kept as the text that was sent (a JSON string in the jsonb column): jsonb would reorder the
    // document's keys, and a repeat answers the first answer as it was.
    const body = typeof payload === "string" && payload.length > 0 ? payload : null;
    // The answer stands even when it cannot be remembered: a retry then runs again, and the event
    // ids it derives from the key keep it from doing anything twice.
    await claim.settle(reply.statusCode, JSON.stringify(body)).catch((error: unknown) => {
      request.log.error({ err: error }, "the answer to an Idempotency-Key could not be stored");
    });
    return payload;
  });

  // An answer that never got as far as onSend still lets the key go.
  app.addHook("onResponse", async (request) => {
    const claim = request.idempotencyClaim;
    request.idempotencyClaim = null;
    await claim?.release();
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
