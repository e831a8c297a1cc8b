import { z } from "zod";

/** Carried by every event: who caused it, through which command, and when. */
export const eventMetadata = z.object({
  commandId: z.uuid(),
  userId: z.uuid().nullable(),
  correlationId: z.uuid(),
  causationId: z.uuid(),
  occurredAt: z.iso.datetime(),
});
export type EventMetadata = z.infer<typeof eventMetadata>;
