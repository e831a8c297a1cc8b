/**
 * The order in which a catch-up sends the many rows (people, candidacies, payloads, messages) of
 * the scopes it snapshots: the scopes the client's screen focuses on first, in the focus's order,
 * then the rest in the planned order. A focus may change while rows are still going out; a scope
 * the catch-up does not plan (one the user may not read) is never named, whatever the focus says.
 */
export class SnapshotOrder {
  readonly #planned: readonly string[];
  readonly #finished = new Set<string>();
  #focus: readonly string[];

  constructor(planned: readonly string[], focus: readonly string[]) {
    this.#planned = planned;
    this.#focus = focus;
  }

  focus(scopes: readonly string[]): void {
    this.#focus = scopes;
  }

  /** Every planned scope, most wanted first. */
  ordered(): string[] {
    const planned = new Set(this.#planned);
    const focused = [...new Set(this.#focus.filter((scope) => planned.has(scope)))];
    return [...focused, ...this.#planned.filter((scope) => !focused.includes(scope))];
  }

  /** The scope to send from next; undefined once every one is finished. */
  next(): string | undefined {
    return this.ordered().find((scope) => !this.#finished.has(scope));
  }

  finish(scope: string): void {
    this.#finished.add(scope);
  }
}
