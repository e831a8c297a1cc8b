import type { Deps } from "../deps.ts";

interface Folding<State, Event> {
  initialState(): State;
  evolve(state: State, event: Event): State;
}

/**
 * A stream's current state, folded from the aggregate cache's copy and the events after it: what a
 * decision about another stream needs to know of this one, without waiting for read models.
 */
export async function streamState<State, Event>(
  deps: Deps,
  decider: Folding<State, Event>,
  parse: (stored: { type: string; data: unknown }) => Event | undefined,
  streamId: string,
): Promise<State> {
  const cached = deps.aggregates?.get(decider, streamId);
  let state = cached?.state ?? decider.initialState();
  let revision = cached?.revision ?? -1;
  for (const recorded of await deps.store.readStream(streamId, { fromRevision: revision + 1 })) {
    const event = parse(recorded);
    if (event) state = decider.evolve(state, event);
    revision = recorded.revision;
  }
  if (revision >= 0) deps.aggregates?.set(decider, streamId, { revision, state });
  return state;
}
