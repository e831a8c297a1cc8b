import { DomainError } from "@hirestream/contracts/errors.ts";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Deps } from "../deps.ts";
import type { SessionCache } from "./session-cache.ts";
import { credentialsOf, type Session, setSessionHeaders } from "./sessions.ts";

declare module "fastify" {
  interface FastifyRequest {
    session: Session | null;
  }
}

/** Reads the session headers into `request.session`; answers nothing itself. */
export function sessionReader(deps: Deps & { sessions: SessionCache }) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const credentials = credentialsOf(request);
    request.session = credentials ? await deps.sessions.find(credentials, deps.clock()) : null;
    if (request.session) setSessionHeaders(reply, request.session);
  };
}

/** The signed-in session, or a 401. */
export function requireSession(request: FastifyRequest): Session {
  if (!request.session) throw new DomainError("UNAUTHENTICATED", "You need to sign in or sign up before continuing.");
  return request.session;
}
