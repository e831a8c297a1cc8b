/**
 * The screen queries (the Reports' figures) each user has running in this process. While one of a
 * user's runs, that user's own catch-up reads no more scope keys: on two cores, the keys of a
 * first sync read beside a screen's query make both twice as slow, and the page waits on the
 * query, not on the keys (its replica holds the rows they bring while the query is in flight).
 * Another user's catch-up does not wait: it is not the page waiting on the query.
 */
export class ScreenQueries {
  readonly #running = new Map<string, number>();
  readonly #waiting = new Map<string, Set<() => void>>();

  /** A query of the user's started; the returned function says it ended (twice is once). */
  begin(userId: string): () => void {
    this.#running.set(userId, (this.#running.get(userId) ?? 0) + 1);
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      const left = (this.#running.get(userId) ?? 1) - 1;
      if (left > 0) {
        this.#running.set(userId, left);
        return;
      }
      this.#running.delete(userId);
      const waiting = this.#waiting.get(userId);
      this.#waiting.delete(userId);
      for (const resolve of waiting ?? []) resolve();
    };
  }

  /** Resolves once none of the user's queries runs, or after `maxWaitMs` whatever runs. */
  settled(userId: string, maxWaitMs: number): Promise<void> {
    if (!this.#running.has(userId) || maxWaitMs <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      const waiting = this.#waiting.get(userId) ?? new Set();
      this.#waiting.set(userId, waiting);
      const done = () => {
        clearTimeout(timer);
        waiting.delete(done);
        resolve();
      };
      const timer = setTimeout(done, maxWaitMs);
      waiting.add(done);
    });
  }
}

/**
 * How a catch-up makes way for its user's screen queries: before each read it waits for them, but
 * `budgetMs` in all, so that a user who keeps asking for reports still gets a replica.
 */
export function makeWayFor(queries: ScreenQueries, userId: string, budgetMs: number): () => Promise<void> {
  let left = budgetMs;
  return async () => {
    if (left <= 0) return;
    const started = performance.now();
    await queries.settled(userId, left);
    left -= performance.now() - started;
  };
}
