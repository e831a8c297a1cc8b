import { randomUUID } from "node:crypto";
import type { DomainEvent } from "@hirestream/contracts/events.ts";
import { deriveEventId } from "../event-id.ts";
import type { AppendResult, EventStore, ExpectedRevision } from "../event-store.ts";

/** Appends domain events as one command would, with full metadata: for tests that set up history. */
export function appendEvents(
  store: EventStore,
  streamId: string,
  events: DomainEvent[],
  options: { occurredAt: string; actor?: string | null; expectedRevision?: ExpectedRevision },
): Promise<AppendResult> {
  const commandId = randomUUID();
  const metadata = {
    commandId,
    userId: options.actor ?? null,
    correlationId: commandId,
    causationId: commandId,
    occurredAt: options.occurredAt,
  };
  return store.appendToStream(
    streamId,
    events.map((event, index) => ({
      id: deriveEventId(commandId, index),
      type: event.type,
      data: event.data,
      metadata,
    })),
    { expectedRevision: options.expectedRevision ?? "any" },
  );
}
