import { DomainError } from "@hirestream/contracts/errors.ts";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import type { SessionWrites } from "../auth/session-writes.ts";
import type { Deps } from "../deps.ts";

export const READ_YOUR_WRITES_TIMEOUT_MS = 5000;

/** What every write answers (API.md): the position it appended up to. */
const writeAnswer = z.object({ meta: z.object({ position: z.number().int().nonnegative() }) });

/**
 * Reads see the reader's own writes. A write's answer waits until its session row remembers the
 * position appended; a GET of that session is answered once the read models include it, and so is
 * one sent with `x-min-position: n` once they include n. Waiting is bounded: 503 with Retry-After.
 * Other sessions wait for nothing of this one's: a write shows to them as soon as it is projected.
 */
export function installReadYourWrites(app: FastifyInstance, deps: Deps, writes: SessionWrites): void {
  app.addHook("preHandler", async (request, reply) => {
    // The sync socket streams changes as they are projected: it has nothing to wait for.
    if (request.method !== "GET" || request.ws) return;
    const header = request.headers["x-min-position"];
    if (header !== undefined && (typeof header !== "string" || !/^\d{1,16}$/.test(header))) {
      throw new DomainError("BAD_REQUEST", "x-min-position must be a whole number");
    }
    const position = Math.max(header === undefined ? 0 : Number(header), request.session?.writtenPosition ?? 0);
    await readModelsAt(deps, position, reply);
  });

  app.addHook("preSerialization", async (request, reply, payload) => {
    const session = request.session;
    if (!session || request.method === "GET" || reply.statusCode >= 300) return payload;
    const answer = writeAnswer.safeParse(payload);
    if (answer.success) await writes.record(session, answer.data.meta.position);
    return payload;
  });
}

/**
 * A route's preHandler for a write that must consult a read model before deciding, because what it
 * checks lives in no single stream (people by address, waiting invitations, candidates in a
 * stage): it waits until the read models hold everything the session wrote before, so the check
 * sees the session's own earlier writes.
 */
export function afterOwnWrites(deps: Deps) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    await readModelsAt(deps, request.session?.writtenPosition ?? 0, reply);
  };
}

/**
 * A route's preHandler for a write whose check must see everyone's earlier writes in a read model,
 * not only the session's own: it waits until the read models hold everything appended before the
 * request (a sequence removal, which no stage of any workflow may still name).
 */
export function afterAllWrites(deps: Deps) {
  return async (_request: FastifyRequest, reply: FastifyReply) => {
    await readModelsAt(deps, await deps.store.headPosition(), reply);
  };
}

/** Waits, bounded, until read models include `position`; 503 with Retry-After when they do not. */
export async function readModelsAt(deps: Deps, position: number, reply: FastifyReply): Promise<void> {
  if (position <= deps.readModels.position()) return;
  if (!(await deps.readModels.waitFor(position, deps.readYourWritesTimeoutMs ?? READ_YOUR_WRITES_TIMEOUT_MS))) {
    reply.header("retry-after", "1");
    throw new DomainError("NOT_CAUGHT_UP");
  }
}
