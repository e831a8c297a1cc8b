import { defaultFeatureFlags, type FeaturesDocument } from "@hirestream/contracts/features/flags.ts";
import type { FastifyInstance } from "fastify";
import { requireSession } from "../auth/authenticate.ts";
import type { Deps } from "../deps.ts";

/** The flags the web app gates screens on; only signed-in users have screens to gate. */
export function featureRoutes(app: FastifyInstance, deps: Deps): void {
  const attributes = deps.features ?? defaultFeatureFlags;
  app.get("/features", async (request): Promise<FeaturesDocument> => {
    requireSession(request);
    return { data: { type: "features", id: "current", attributes: { ...attributes } } };
  });
}
