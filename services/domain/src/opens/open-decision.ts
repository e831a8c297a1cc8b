import type { ProcessorEvent } from "@hirestream/contracts/processors/events.ts";
import { openKey, type Run, runIds } from "../processor/processor-state.ts";
import { classifyOpen } from "./open-classification.ts";

/** Someone fetched the pixel of the run's step `position`: what the request said of itself. */
export interface RecordOpenData {
  position: number;
  userAgent: string | undefined;
  ip: string;
}

/**
 * A fetch of a step's pixel becomes an open of the message the step last sent, a person's or a
 * machine's, recorded once per message and kind: a refresh, a second device, a proxy fetching
 * again change nothing. A step not sent, or sent without a pixel, records nothing.
 */
export function openDecision(run: Run, data: RecordOpenData, at: string): ProcessorEvent[] {
  const sent = run.sent.get(data.position);
  if (sent === undefined || !sent.tracked) return [];
  const classified = classifyOpen({
    userAgent: data.userAgent,
    ip: data.ip,
    at: new Date(at),
    sentAt: new Date(sent.sentAt),
  });
  if (run.opens.has(openKey(sent.messageId, classified.kind))) return [];
  const message = { ...runIds(run), position: data.position, messageId: sent.messageId, at };
  if (classified.kind === "human") return [{ type: "MessageOpened", data: { ...message, kind: "human" } }];
  return [{ type: "MessageOpened", data: { ...message, kind: "machine", opener: classified.opener } }];
}
