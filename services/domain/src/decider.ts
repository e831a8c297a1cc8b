/** What every decision may know besides the state: who asks and when. Set at the edge. */
export interface CommandContext {
  now: Date;
  actorId: string | null;
}

/** One aggregate's rules: pure functions over its own events. */
export interface Decider<State, Command, Event> {
  initialState(): State;
  evolve(state: State, event: Event): State;
  decide(state: State, command: Command, context: CommandContext): Event[];
}

export function fold<State, Event>(
  decider: Pick<Decider<State, never, Event>, "initialState" | "evolve">,
  events: Event[],
): State {
  return events.reduce(decider.evolve, decider.initialState());
}
