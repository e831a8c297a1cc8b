import type { Deps } from "./deps.ts";

interface Folding<State, Event> {
  initialState(): State;
  evolve(state: State, event: Event): State;
}

/**
 * A stream's state as a command would see it now, read through the aggregate cache: a check made
 * before a command (another aggregate's state, a role) reads what the command handler reads, not
 * a read model that may lag behind.
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
