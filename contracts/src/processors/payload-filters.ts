import type { DisplayedStatus } from "./payload-status.ts";

// Spec §4 "Payload (message) status names": the Message tab's status filter, and what each of its
// words means in statuses. The list call's `by_status[]` takes the same words (API.md).

export const payloadFilters = ["pending", "queue", "paused", "failed", "finished", "review"] as const;
export type PayloadFilter = (typeof payloadFilters)[number];

/**
 * The displayed statuses a filter word shows: queue means sending, finished means finished plus
 * replied, review means ready. Pending takes drafts, which are pending runs. Failed takes bounced
 * too: a bounce is a failed delivery waiting for the same hand (Retry), and no other word reaches it.
 */
export const filterStatuses: Record<PayloadFilter, readonly DisplayedStatus[]> = {
  pending: ["pending", "draft"],
  queue: ["sending"],
  paused: ["paused"],
  failed: ["failed", "bounced"],
  finished: ["finished", "replied"],
  review: ["ready"],
};

/** The statuses any of the filter words show, each once; no word at all shows everything. */
export function statusesForFilters(filters: readonly PayloadFilter[]): DisplayedStatus[] | null {
  if (filters.length === 0) return null;
  return [...new Set(filters.flatMap((filter) => filterStatuses[filter]))];
}

/** Spec: "pending, queue, paused, failed, finished, plus review when the stage has sequence review". */
export function filterOptions(stageHasReview: boolean): PayloadFilter[] {
  const always: PayloadFilter[] = ["pending", "queue", "paused", "failed", "finished"];
  return stageHasReview ? [...always, "review"] : always;
}

/**
 * Spec: "Default filter is pending. Ready is the default selection only when the stage has review."
 * Ready is shown by the word review, so a stage with review opens on review, any other on pending.
 */
export function defaultFilter(stageHasReview: boolean): PayloadFilter {
  return stageHasReview ? "review" : "pending";
}
