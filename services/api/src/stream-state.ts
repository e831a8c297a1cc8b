import type { RecordedEvent, StreamRead } from "@hirestream/eventstore/event-store.ts";
import type { Deps } from "./deps.ts";

interface Folding<State, Event> {
  initialState(): State;
  evolve(state: State, event: Event): State;
}

/** A stream to bring up to date: what to read, and how to fold what was read into its state. */
export interface CachedStreamRead<State> {
  /** The state last cached, before this read: a guess at what the stream names, to be confirmed by `fold`. */
  cached: State | undefined;
  read: StreamRead;
  /** The state after the events read (those from `read.fromRevision` on), cached for the next read. */
  fold(events: readonly RecordedEvent[]): State;
}

/**
 * A stream's state as a command would see it now, read through the aggregate cache: a check made
 * before a command (another aggregate's state, a role) reads what the command handler reads, not
 * a read model that may lag behind. Only the events after the cached revision are read.
 */
export function cachedStreamRead<State, Event>(
  deps: Deps,
  decider: Folding<State, Event>,
  parse: (stored: { type: string; data: unknown }) => Event | undefined,
  streamId: string,
): CachedStreamRead<State> {
  const cached = deps.aggregates?.get(decider, streamId);
  return {
    cached: cached?.state,
    read: { streamId, fromRevision: (cached?.revision ?? -1) + 1 },
    fold(events) {
      let state = cached?.state ?? decider.initialState();
      let revision = cached?.revision ?? -1;
      for (const recorded of events) {
        const event = parse(recorded);
        if (event) state = decider.evolve(state, event);
        revision = recorded.revision;
      }
      if (revision >= 0) deps.aggregates?.set(decider, streamId, { revision, state });
      return state;
    },
  };
}

/** Reads and folds one stream on its own. */
export async function readThrough<State>(deps: Deps, { read, fold }: CachedStreamRead<State>): Promise<State> {
  return fold(await deps.store.readStream(read.streamId, { fromRevision: read.fromRevision }));
}

/** One stream's state as of now (see cachedStreamRead). */
export function streamState<State, Event>(
  deps: Deps,
  decider: Folding<State, Event>,
  parse: (stored: { type: string; data: unknown }) => Event | undefined,
  streamId: string,
): Promise<State> {
  return readThrough(deps, cachedStreamRead(deps, decider, parse, streamId));
}
