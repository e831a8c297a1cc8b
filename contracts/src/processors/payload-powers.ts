import type { ProjectAction } from "../permissions/permission-table.ts";
import type { NO_EVENT, PayloadEventName } from "./payload-status.ts";

/**
 * The permission-table power an event of the Message tab needs (spec §6): writing makes a
 * payload ready, sending pauses it, and Send or Resume sets it going, which with review is
 * approving what a writer made ready.
 */
export function payloadEventPower(event: PayloadEventName | typeof NO_EVENT, hasReview: boolean): ProjectAction {
  if (event === "event_ready" || event === "none") return "messages.write";
  if (event === "event_pause") return "messages.send";
  return hasReview ? "messages.approve" : "messages.send";
}
