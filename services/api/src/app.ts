import { randomUUID } from "node:crypto";
import Fastify, { type FastifyInstance } from "fastify";
import { authRoutes } from "./auth/auth.routes.ts";
import { sessionReader } from "./auth/authenticate.ts";
import type { Deps } from "./deps.ts";
import { installErrorHandler } from "./http/errors.ts";
import { installIdempotency } from "./http/idempotency.ts";
import { installReadYourWrites } from "./http/read-your-writes.ts";
import { workspaceRoutes } from "./workspaces/workspaces.routes.ts";

const sessionHeaders = ["access-token", "token-type", "client", "expiry", "uid", "authorization"];

/** The HTTP API under /api/v1; `server.ts` only listens. */
export async function buildApp(deps: Deps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger
      ? { redact: ["req.headers['access-token']", "req.headers.authorization", "req.headers.cookie"] }
      : false,
    bodyLimit: deps.bodyLimit ?? 1024 * 1024,
    genReqId: () => randomUUID(),
    trustProxy: false,
  });
  app.decorateRequest("session", null);
  app.decorateRequest("idempotency", null);
  installErrorHandler(app);
  app.addContentTypeParser(
    "application/vnd.api+json",
    { parseAs: "string" },
    app.getDefaultJsonParser("error", "error"),
  );

  await app.register(
    async (api) => {
      api.addHook("onRequest", async (_request, reply) => {
        reply.header("access-control-expose-headers", sessionHeaders.join(", "));
        reply.header("cache-control", "no-store");
      });
      api.addHook("preHandler", sessionReader(deps));
      installIdempotency(api, deps);
      installReadYourWrites(api, deps);
      api.get("/health", async () => ({ status: "ok", position: deps.readModels.position() }));
      authRoutes(api, deps);
      workspaceRoutes(api, deps);
    },
    { prefix: "/api/v1" },
  );
  return app;
}
