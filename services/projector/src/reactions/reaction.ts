import type { RecordedEvent } from "@hirestream/eventstore/event-store.ts";
import type { Transaction } from "kysely";

/**
 * Work an event causes beyond the read models: a mail to send, a follow-up command. The reactor
 * calls `react` at least once for every event of `types`, in the order of the log, and moves its
 * checkpoint past the event in `trx`: what `react` writes through `trx` (a queued job) commits with
 * that move, exactly once. Anything else it does (appending a command) must be idempotent, with
 * ids derived from the event, because a crash before the commit runs it again. A DomainError
 * thrown by `react` is a refusal that no retry changes: what it wrote is rolled back and the event
 * passed over; any other error rolls the event's transaction back and it is reacted to again.
 */
export interface Reaction {
  name: string;
  types: readonly string[];
  react(event: RecordedEvent, trx: Transaction<unknown>): Promise<void>;
  /**
   * Several events of `types` at once, in the order of the log, in one transaction that moves the
   * checkpoint past them all: the same effects as `react` on each in turn, done together. A reactor
   * whose reactions all have it hands them its batches this way; a DomainError from it sends the
   * batch back through `react`, one event at a time.
   */
  reactBatch?(events: readonly RecordedEvent[], trx: Transaction<unknown>): Promise<void>;
}

/** The reactions by the event type they follow. */
export type ReactionRegistry = ReadonlyMap<string, readonly Reaction[]>;

export function reactionRegistry(reactions: readonly Reaction[]): ReactionRegistry {
  const byType = new Map<string, Reaction[]>();
  for (const reaction of reactions) {
    for (const type of reaction.types) byType.set(type, [...(byType.get(type) ?? []), reaction]);
  }
  return byType;
}
