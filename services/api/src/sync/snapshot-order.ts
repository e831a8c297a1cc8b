/**
 * The order in which a catch-up sends the many rows (people, candidacies, payloads, messages) of
 * the scopes it snapshots: the first part of every scope the client's screen focuses on, in the
 * focus's order (a board needs its first candidacies and the people they name, which are in its
 * workspace's scope), then the rest of the focused scopes, then the other scopes in the planned
 * order. A focus may change while rows are still going out; a scope the catch-up does not plan
 * (one the user may not read) is never named, whatever the focus says.
 */
export class SnapshotOrder {
  readonly #planned: readonly string[];
  readonly #finished = new Set<string>();
  /** Scopes whose first part of many has gone. */
  readonly #begun = new Set<string>();
  #focus: readonly string[];

  constructor(planned: readonly string[], focus: readonly string[]) {
    this.#planned = planned;
    this.#focus = focus;
  }

  focus(scopes: readonly string[]): void {
    this.#focus = scopes;
  }

  /** The focus as it stands: the scopes the screen shows, most wanted first. */
  focused(): readonly string[] {
    return this.#focus;
  }

  /** Every planned scope, most wanted first. */
  ordered(): string[] {
    const planned = new Set(this.#planned);
    const focused = [...new Set(this.#focus.filter((scope) => planned.has(scope)))];
    return [...focused, ...this.#planned.filter((scope) => !focused.includes(scope))];
  }

  /** The scope to send from next; undefined once every one is finished. */
  next(): string | undefined {
    const left = this.ordered().filter((scope) => !this.#finished.has(scope));
    const focused = new Set(this.#focus);
    return left.find((scope) => focused.has(scope) && !this.#begun.has(scope)) ?? left[0];
  }

  /** The scope's first part of many went out. */
  begin(scope: string): void {
    this.#begun.add(scope);
  }

  finish(scope: string): void {
    this.#finished.add(scope);
  }
}
