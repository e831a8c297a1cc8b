import { z } from "zod";

/** The switches the web app gates screens on (GET /features); the server decides them. */
export const featureFlags = z.object({
  /** Sequences and Integrations (spec §2, left navigation). */
  feature_sequence: z.boolean(),
});
export type FeatureFlags = z.infer<typeof featureFlags>;

/** A server configured with nothing offers everything built so far. */
export const defaultFeatureFlags: FeatureFlags = { feature_sequence: true };

/** GET /features answers one JSON:API resource: the flags as they stand now. */
export const featuresDocument = z.object({
  data: z.object({
    type: z.literal("features"),
    id: z.literal("current"),
    attributes: featureFlags,
  }),
});
export type FeaturesDocument = z.infer<typeof featuresDocument>;
