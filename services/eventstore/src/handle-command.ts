import { DomainError } from "@hirestream/contracts/errors.ts";
import type { AggregateCache } from "./aggregate-cache.ts";
import { deriveEventId } from "./event-id.ts";
import type { EventStore } from "./event-store.ts";
import { WrongExpectedRevisionError } from "./event-store.ts";

interface CommandDecider<State, Command, Event, Context> {
  initialState(): State;
  evolve(state: State, event: Event): State;
  decide(state: State, command: Command, context: Context): Event[];
}

export interface CommandEnvelope<Command, Context extends { now: Date; actorId: string | null }> {
  streamId: string;
  command: Command;
  context: Context;
  /** The Idempotency-Key when the client sent one: the same key always derives the same event ids. */
  commandId: string;
  correlationId?: string;
  /**
   * The command creates the stream (a new id): decide on the initial state without reading, and
   * append with no_stream. Should the stream exist after all, the conflict path reads it.
   */
  expectNew?: boolean;
}

export interface CommandOutcome<State, Event> {
  /** The stream's state after the new events. */
  state: State;
  events: Event[];
  /** `$all` position of the last appended event; 0 when the command changed nothing. */
  position: number;
}

/**
 * Read the stream, fold, decide, append with the revision read. A concurrent writer makes the
 * append conflict: re-read and re-decide once, then give up with CONFLICT.
 */
export async function handleCommand<
  State,
  Command,
  Event extends { type: string; data: unknown },
  Context extends { now: Date; actorId: string | null },
>(
  store: EventStore,
  decider: CommandDecider<State, Command, Event, Context>,
  parse: (stored: { type: string; data: unknown }) => Event | undefined,
  envelope: CommandEnvelope<Command, Context>,
  cache?: AggregateCache,
): Promise<CommandOutcome<State, Event>> {
  const { streamId } = envelope;
  for (let attempt = 0; ; attempt++) {
    let state = decider.initialState();
    let revision = -1;
    if (!envelope.expectNew || attempt > 0) {
      const cached = attempt === 0 ? cache?.get(decider, streamId) : undefined;
      if (cached) ({ state, revision } = cached);
      const newer = await store.readStream(streamId, { fromRevision: revision + 1 });
      for (const recorded of newer) {
        const event = parse(recorded);
        if (event) state = decider.evolve(state, event);
        revision = recorded.revision;
      }
    }
    const events = decider.decide(state, envelope.command, envelope.context);
    if (events.length === 0) {
      if (revision >= 0) cache?.set(decider, streamId, { revision, state });
      return { state, events, position: 0 };
    }
    const metadata = {
      commandId: envelope.commandId,
      userId: envelope.context.actorId,
      correlationId: envelope.correlationId ?? envelope.commandId,
      causationId: envelope.commandId,
      occurredAt: envelope.context.now.toISOString(),
    };
    try {
      const result = await store.appendToStream(
        streamId,
        events.map((event, index) => ({
          id: deriveEventId(envelope.commandId, index),
          type: event.type,
          data: event.data,
          metadata,
        })),
        { expectedRevision: revision >= 0 ? revision : "no_stream" },
      );
      const next = events.reduce(decider.evolve, state);
      // A retried command's earlier append may lie behind the stream's head: cache nothing then.
      if (result.appended) cache?.set(decider, streamId, { revision: result.nextExpectedRevision, state: next });
      return { state: next, events, position: result.position };
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
      if (attempt >= 1) throw new DomainError("CONFLICT");
    }
  }
}
