import { randomUUID } from "node:crypto";
import websocket from "@fastify/websocket";
import { CLIENT_MESSAGE_MAX_BYTES } from "@hirestream/contracts/sync/messages.ts";
import { AggregateCache } from "@hirestream/eventstore/aggregate-cache.ts";
import Fastify, { type FastifyInstance, type FastifyRequest } from "fastify";
import { analyticsRoutes } from "./analytics/analytics.routes.ts";
import { reportsRoutes } from "./analytics/reports.routes.ts";
import { accountRoutes } from "./auth/account.routes.ts";
import { authRoutes } from "./auth/auth.routes.ts";
import { sessionReader } from "./auth/authenticate.ts";
import { providerSignInRoutes } from "./auth/provider-sign-in/provider-sign-in.routes.ts";
import { SessionCache } from "./auth/session-cache.ts";
import { SessionWrites } from "./auth/session-writes.ts";
import { assignRoutes } from "./candidacies/assign.routes.ts";
import { candidacyRoutes } from "./candidacies/candidacies.routes.ts";
import { credentialRoutes } from "./credentials/credentials.routes.ts";
import type { Deps } from "./deps.ts";
import { featureRoutes } from "./features/features.routes.ts";
import { fileRoutes } from "./files/files.routes.ts";
import { installErrorHandler } from "./http/errors.ts";
import { installIdempotency } from "./http/idempotency.ts";
import { installJsonBodies } from "./http/json-body.ts";
import { Notifications } from "./http/notifications.ts";
import { installReadYourWrites } from "./http/read-your-writes.ts";
import { invitationRoutes } from "./invitations/invitations.routes.ts";
import { localMailboxRoutes } from "./mailbox/local-mailbox.routes.ts";
import { opensRoutes } from "./opens/opens.routes.ts";
import { optOutLinkRoutes, optOutRoutes } from "./opt-outs/opt-out.routes.ts";
import { fromProfileRoutes } from "./people/from-profile/from-profile.routes.ts";
import { importRoutes } from "./people/import/import.routes.ts";
import { peopleRoutes } from "./people/people.routes.ts";
import { personMessageRoutes } from "./people/person-messages.routes.ts";
import { payloadWriteRoutes } from "./processors/payload-writes.routes.ts";
import { payloadRoutes } from "./processors/payloads.routes.ts";
import { projectUserRoutes } from "./projects/project-users.routes.ts";
import { projectRoutes } from "./projects/projects.routes.ts";
import { sequenceRoutes } from "./sequences/sequences.routes.ts";
import { ScreenQueries } from "./sync/screen-queries.ts";
import { syncRoutes } from "./sync/sync.routes.ts";
import { SyncHub } from "./sync/sync-hub.ts";
import { serveWebApp } from "./web-app.ts";
import { workflowRoutes } from "./workflows/workflows.routes.ts";
import { workspaceRoutes } from "./workspaces/workspaces.routes.ts";

/**
 * A request as the log shows it. A provider's answer carries its authorization code and state in
 * the query string: that query is left out.
 */
function requestForLog(request: FastifyRequest) {
  const answer = /^\/api\/v1\/auth\/[^/?]+\/callback\?/.test(request.url);
  return {
    method: request.method,
    // A provider's answer carries the code and state; a connection's start, a one-time ticket.
    url: answer ? request.url.replace(/\?.*$/, "?…") : request.url.replace(/([?&]ticket=)[^&]*/, "$1…"),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket.remotePort ?? 0,
  };
}

const sessionHeaders = ["access-token", "token-type", "client", "expiry", "uid", "authorization"];

/** The HTTP API under /api/v1; `server.ts` only listens. */
export async function buildApp(given: Deps): Promise<FastifyInstance> {
  const deps: Deps = { ...given, aggregates: given.aggregates ?? new AggregateCache() };
  const notifications = await Notifications.open(deps.pool);
  const sessions = await SessionCache.open(deps.pool, notifications);
  const hub = new SyncHub(deps.pool, deps.clock);
  const screenQueries = new ScreenQueries();
  await hub.start(notifications);
  const app = Fastify({
    logger: deps.logger
      ? {
          redact: ["req.headers['access-token']", "req.headers.authorization", "req.headers.cookie"],
          serializers: { req: requestForLog },
          ...(deps.logStream ? { stream: deps.logStream } : {}),
        }
      : false,
    bodyLimit: deps.bodyLimit ?? 1024 * 1024,
    genReqId: () => randomUUID(),
    trustProxy: deps.trustProxy ?? false,
  });
  app.decorateRequest("session", null);
  app.decorateRequest("idempotency", null);
  app.decorateRequest("idempotencyClaim", null);
  app.addHook("onClose", async () => {
    await hub.stop();
    notifications.close();
  });
  installErrorHandler(app);
  // Bodies are JSON (or JSON:API); anything else is 415, not a string handed to the routes.
  app.removeContentTypeParser("text/plain");
  installJsonBodies(app);

  await app.register(
    async (api) => {
      api.addHook("onRequest", async (_request, reply) => {
        reply.header("access-control-expose-headers", sessionHeaders.join(", "));
        reply.header("cache-control", "no-store");
      });
      api.addHook("preHandler", sessionReader({ ...deps, sessions }));
      installIdempotency(api, deps);
      const writes = new SessionWrites(deps.pool.options, sessions);
      api.addHook("onClose", () => writes.close());
      installReadYourWrites(api, deps, writes);
      api.get("/health", async () => ({ status: "ok", position: deps.readModels.position() }));
      authRoutes(api, { ...deps, sessions });
      providerSignInRoutes(api, { ...deps, sessions });
      accountRoutes(api, { ...deps, sessions });
      featureRoutes(api, deps);
      await api.register(websocket, { options: { maxPayload: CLIENT_MESSAGE_MAX_BYTES } });
      syncRoutes(api, deps, hub, screenQueries);
      workspaceRoutes(api, deps);
      peopleRoutes(api, deps);
      fromProfileRoutes(api, deps);
      projectRoutes(api, deps);
      projectUserRoutes(api, deps);
      invitationRoutes(api, deps);
      workflowRoutes(api, deps);
      credentialRoutes(api, deps);
      payloadRoutes(api, deps);
      payloadWriteRoutes(api, deps);
      sequenceRoutes(api, deps);
      candidacyRoutes(api, deps);
      assignRoutes(api, deps);
      await importRoutes(api, deps);
      await fileRoutes(api, deps);
      analyticsRoutes(api, deps);
      reportsRoutes(api, deps, screenQueries);
      personMessageRoutes(api, deps);
      await localMailboxRoutes(api, deps);
      await optOutRoutes(api, deps);
      opensRoutes(api, deps);
    },
    { prefix: "/api/v1" },
  );
  await optOutLinkRoutes(app, deps);
  opensRoutes(app, deps, "/o");
  if (deps.webRoot) await serveWebApp(app, deps.webRoot);
  return app;
}
