import { domainEvent } from "@hirestream/contracts/events.ts";
import { eventMetadata } from "@hirestream/contracts/metadata.ts";
import type { AnalyticsFact } from "@hirestream/domain/analytics/analytics-fact.ts";
import type { FactMemory } from "@hirestream/domain/analytics/fact-memory.ts";
import { factsOf, namesAnotherWorkspace } from "@hirestream/domain/analytics/facts-of.ts";
import type { EventStore, RecordedEvent } from "@hirestream/eventstore/event-store.ts";

export interface ReplayProgress {
  /** Events read so far, and where in `$all` they reached, from `first` on towards `head`. */
  events: number;
  position: number;
  first: number;
  head: number;
}

/**
 * Reads `$all` through the store in pages of `pageSize`, from the start up to `head` (the head
 * taken when the export began: what commits later waits for the next export), each page a read of
 * its own, so writers never wait on the replay. The next page is read while this one is mapped.
 * Returns how many events were read.
 */
export async function replayLog(options: {
  store: EventStore;
  head: number;
  workspaceId: string;
  memory: FactMemory;
  pageSize: number;
  onFact: (fact: AnalyticsFact) => void;
  onProgress: (progress: ReplayProgress) => void;
}): Promise<number> {
  const { store, head, workspaceId, memory, onFact } = options;
  const read = (after: number) =>
    after >= head ? Promise.resolve([]) : store.readAll({ after, limit: options.pageSize });
  let events = 0;
  let first = 0;
  let page: RecordedEvent[] = await read(0);
  while (page.length > 0) {
    const last = page.at(-1)?.position ?? head;
    const next = read(last);
    if (first === 0) first = page[0]?.position ?? 0;
    for (const recorded of page) {
      if (recorded.position > head) break;
      events++;
      if (namesAnotherWorkspace(recorded.data, workspaceId)) continue;
      const event = domainEvent.safeParse({ type: recorded.type, data: recorded.data });
      const metadata = eventMetadata.safeParse(recorded.metadata);
      // Events of kinds this build does not know are skipped, as the projections skip them.
      if (!event.success || !metadata.success) continue;
      const facts = factsOf(memory, {
        event: event.data,
        actorId: metadata.data.userId,
        occurredAt: metadata.data.occurredAt,
      });
      for (const fact of facts) if (fact.workspaceId === workspaceId) onFact(fact);
    }
    options.onProgress({ events, position: Math.min(last, head), first, head });
    page = await next;
  }
  return events;
}
