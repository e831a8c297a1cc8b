/** A stream's state as of a revision, kept so the next command reads only newer events. */
export interface CachedAggregate<State> {
  revision: number;
  state: State;
}

/**
 * Folded states of recently used streams, per decider, least recently used dropped first. Only a
 * shortcut: a command decided on a cached state appends with its revision as the expected one, and
 * reads the newer events when that fails or the state refuses, so writes from other processes are
 * never missed. States must be immutable (deciders' `evolve` returns new values).
 */
export class AggregateCache {
  readonly #capacity: number;
  readonly #byDecider = new WeakMap<object, Map<string, CachedAggregate<unknown>>>();

  constructor(capacity = 10_000) {
    this.#capacity = capacity;
  }

  get<State>(decider: { initialState(): State }, streamId: string): CachedAggregate<State> | undefined {
    const streams = this.#byDecider.get(decider);
    const entry = streams?.get(streamId);
    if (!streams || !entry) return undefined;
    streams.delete(streamId);
    streams.set(streamId, entry);
    // Entries under this decider were stored by `set` with its own State type.
    return entry as CachedAggregate<State>;
  }

  set<State>(decider: { initialState(): State }, streamId: string, entry: CachedAggregate<State>): void {
    let streams = this.#byDecider.get(decider);
    if (!streams) {
      streams = new Map();
      this.#byDecider.set(decider, streams);
    }
    streams.delete(streamId);
    streams.set(streamId, entry);
    if (streams.size > this.#capacity) {
      const oldest = streams.keys().next();
      if (!oldest.done) streams.delete(oldest.value);
    }
  }
}
