import { DomainError } from "@hirestream/contracts/errors.ts";
import type { AggregateCache, CachedAggregate } from "./aggregate-cache.ts";
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
 * Fold, decide, append with the revision folded. The first decision skips the read when the state
 * is at hand (cached, or none yet for a new stream): the append's expected revision proves it
 * current. When it does not hold, the stream is read and the command decided again; a cached state
 * that refuses or changes nothing is checked the same way before that answer stands. A conflict
 * after a read re-reads and re-decides once, then gives up with CONFLICT.
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
  const cached = cache?.get(decider, streamId);
  const nothing: CachedAggregate<State> = { revision: -1, state: decider.initialState() };
  // What the next decision stands on without reading; null: read the stream first.
  let unread: CachedAggregate<State> | null = cached ?? (envelope.expectNew ? nothing : null);
  for (let conflicts = 0; ; ) {
    const { state, revision } = unread ?? (await readOn(store, decider, parse, streamId, cached ?? nothing));
    const unverifiedCache = unread !== null && unread === cached;
    let events: Event[];
    try {
      events = decider.decide(state, envelope.command, envelope.context);
    } catch (error) {
      if (!unverifiedCache) throw error;
      unread = null;
      continue;
    }
    if (events.length === 0) {
      if (unverifiedCache) {
        unread = null;
        continue;
      }
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
      // A state taken unread was only a guess; a conflict after a read is the stream moving on.
      if (unread === null && ++conflicts > 1) throw new DomainError("CONFLICT");
      unread = null;
    }
  }
}

/** `from` (a state as of its revision) brought up to the stream's head. */
async function readOn<State, Event>(
  store: EventStore,
  decider: { evolve(state: State, event: Event): State },
  parse: (stored: { type: string; data: unknown }) => Event | undefined,
  streamId: string,
  from: CachedAggregate<State>,
): Promise<CachedAggregate<State>> {
  let { state, revision } = from;
  for (const recorded of await store.readStream(streamId, { fromRevision: revision + 1 })) {
    const event = parse(recorded);
    if (event) state = decider.evolve(state, event);
    revision = recorded.revision;
  }
  return { state, revision };
}
