/** What every decision may know besides the state: who asks and when. Set at the edge. */
export interface CommandContext {
  now: Date;
  actorId: string | null;
}

/** One aggregate's rules: pure functions over its own events. Some need more context than who and when. */
export interface Decider<State, Command, Event, Context extends CommandContext = CommandContext> {
  initialState(): State;
  evolve(state: State, event: Event): State;
  decide(state: State, command: Command, context: Context): Event[];
}

export function fold<State, Event>(
  decider: Pick<Decider<State, never, Event>, "initialState" | "evolve">,
  events: Event[],
): State {
  return events.reduce(decider.evolve, decider.initialState());
}
