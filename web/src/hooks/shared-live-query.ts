// One live query that several parts of a screen read, instead of one each. A board shows its
// project's counts in three places (whether anyone is in it, the stage chips, the list's total), and each
// move in the project changes them: with a query each, every move was three reads of the same row,
// each a transaction the next sync write waited for before it could start.
import { liveQuery, type Subscription } from "dexie";

type Listener = () => void;

/** A query's answer once it has one: boxed, so that an answer of `undefined` is told from none yet. */
export interface Loaded<T> {
  value: T;
}

/** One query, run while anyone listens; the latest answer kept for them all. */
export class SharedLiveQuery<T> {
  readonly #querier: () => Promise<T>;
  readonly #listeners = new Set<Listener>();
  #subscription: Subscription | null = null;
  #loaded: Loaded<T> | undefined;
  #error: { error: unknown } | undefined;

  constructor(querier: () => Promise<T>) {
    this.#querier = querier;
  }

  /** The latest answer; undefined until the first one after the first listener came. */
  get loaded(): Loaded<T> | undefined {
    return this.#loaded;
  }

  /** The query's failure, if it failed. */
  get error(): { error: unknown } | undefined {
    return this.#error;
  }

  /** Runs the query while anyone listens; the returned function stops listening. */
  listen(listener: Listener): () => void {
    this.#listeners.add(listener);
    if (this.#subscription === null) {
      this.#subscription = liveQuery(this.#querier).subscribe({
        next: (value) => {
          this.#loaded = { value };
          this.#error = undefined;
          this.#notify();
        },
        error: (error: unknown) => {
          this.#error = { error };
          this.#notify();
        },
      });
    }
    return () => {
      this.#listeners.delete(listener);
      if (this.#listeners.size > 0 || this.#subscription === null) return;
      this.#subscription.unsubscribe();
      this.#subscription = null;
      // Nobody reads it now: the next listener waits for an answer of its own, not a stale one.
      this.#loaded = undefined;
      this.#error = undefined;
    };
  }

  #notify(): void {
    for (const listener of [...this.#listeners]) listener();
  }
}

/** Shared queries of one kind (one answer type), by replica and by a key naming what they read. */
export class SharedLiveQueries<T> {
  readonly #queries = new WeakMap<object, Map<string, SharedLiveQuery<T>>>();

  /** The query `key` names among `owner`'s (the replica), made with `querier` the first time. */
  get(owner: object, key: string, querier: () => Promise<T>): SharedLiveQuery<T> {
    const byKey = this.#queries.get(owner) ?? new Map<string, SharedLiveQuery<T>>();
    this.#queries.set(owner, byKey);
    const found = byKey.get(key);
    if (found) return found;
    const made = new SharedLiveQuery(querier);
    byKey.set(key, made);
    return made;
  }
}
