import { DomainError } from "@hirestream/contracts/errors.ts";
import type { FastifyInstance } from "fastify";
import type { Deps } from "../deps.ts";

export const READ_YOUR_WRITES_TIMEOUT_MS = 5000;

/** A read sent with `x-min-position: n` is answered once read models include position n. */
export function installReadYourWrites(app: FastifyInstance, deps: Deps): void {
  const timeoutMs = deps.readYourWritesTimeoutMs ?? READ_YOUR_WRITES_TIMEOUT_MS;
  app.addHook("preHandler", async (request, reply) => {
    const header = request.headers["x-min-position"];
    if (header === undefined || request.method !== "GET") return;
    if (typeof header !== "string" || !/^\d{1,16}$/.test(header)) {
      throw new DomainError("BAD_REQUEST", "x-min-position must be a whole number");
    }
    if (!(await deps.readModels.waitFor(Number(header), timeoutMs))) {
      reply.header("retry-after", "1");
      throw new DomainError("NOT_CAUGHT_UP");
    }
  });
}
