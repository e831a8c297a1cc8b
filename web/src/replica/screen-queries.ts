import { type Clock, systemClock } from "./clock.ts";

/**
 * The server queries a screen is waiting on to show anything (the Reports' figures): while one is
 * in flight, the bulk of a first sync (the many rows no screen asked for yet) waits, so that on two
 * cores the server's database, the API and the page's thread answer the screen first rather than
 * write tens of thousands of rows beside it. A query that takes longer than `holdMs` stops holding
 * the sync back: a slow or hung answer must never stall the replica.
 */
export class ScreenQueries {
  readonly #clock: Clock;
  readonly #holdMs: number;
  readonly #inFlight = new Set<symbol>();
  #waiting: (() => void)[] = [];

  constructor(options: { clock?: Clock; holdMs?: number } = {}) {
    this.#clock = options.clock ?? systemClock;
    this.#holdMs = options.holdMs ?? 5000;
  }

  /** A screen sent its query; the answer says it is in (or failed, or was dropped). Twice is once. */
  begin(): () => void {
    const query = Symbol("screen query");
    this.#inFlight.add(query);
    const cancel = this.#clock.schedule(() => this.#end(query), this.#holdMs);
    return () => {
      cancel();
      this.#end(query);
    };
  }

  /** Resolves once no screen's query is in flight: at once when none is. */
  settled(): Promise<void> {
    if (this.#inFlight.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  #end(query: symbol): void {
    if (!this.#inFlight.delete(query) || this.#inFlight.size > 0) return;
    const waiting = this.#waiting;
    this.#waiting = [];
    for (const resolve of waiting) resolve();
  }
}

/** The page's screens' queries, which the tab's sync makes way for. */
export const screenQueries = new ScreenQueries();
