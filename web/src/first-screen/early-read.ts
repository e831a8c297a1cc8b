import { liveQuery, type Subscription } from "dexie";

/** An answer of an early read, and what it read (which list, which page), for the screen to match. */
export interface EarlyAnswer<T> {
  key: string;
  value: T;
}

/** How long an early read goes on without a screen that takes it (the user went elsewhere). */
const UNTAKEN_MS = 10_000;

/**
 * A first screen's read, begun as soon as the replica is open, before React renders: the screen's own
 * live query only begins once its first render is committed, which on a fresh profile came hundreds
 * of milliseconds after the rows were in. Live, like the screen's: it answers again as the replica
 * changes, until the screen's own read has answered and ends it (`end`), or nobody takes it.
 */
export class EarlyRead<T> {
  readonly #listeners = new Set<() => void>();
  #answer: EarlyAnswer<T> | undefined;
  #subscription: Subscription | null = null;
  #untaken: ReturnType<typeof setTimeout> | undefined;
  /** Counts the reads begun: an answer of one begun before the last, or ended since, is not taken. */
  #begun = 0;

  /**
   * Reads at once, then again as the replica changes. Resolves at the first answer (or the read's
   * end): a live query's first read waits for a timer, which the first render's task came before.
   */
  begin(read: () => Promise<EarlyAnswer<T> | undefined>): Promise<void> {
    this.end();
    const begun = ++this.#begun;
    const current = () => begun === this.#begun;
    this.#untaken = setTimeout(() => this.end(), UNTAKEN_MS);
    return read().then(
      (answer) => {
        if (!current()) return;
        this.#answer = answer;
        this.#notify();
        // Read again at once by the live query: a write since the first read is not missed.
        this.#subscription = liveQuery(read).subscribe({
          next: (next) => {
            this.#answer = next;
            this.#notify();
          },
          // The screen's own read meets the same failure and says so.
          error: () => this.end(),
        });
      },
      () => {
        if (current()) this.end();
      },
    );
  }

  /** The latest answer when it read what `key` names; the same object until the next answer. */
  answerFor(key: string): T | undefined {
    return this.#answer?.key === key ? this.#answer.value : undefined;
  }

  /** Calls `listener` at every answer, and when the read ends; the returned function stops it. */
  listen(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  end(): void {
    this.#begun++;
    clearTimeout(this.#untaken);
    this.#subscription?.unsubscribe();
    this.#subscription = null;
    if (this.#answer === undefined) return;
    this.#answer = undefined;
    this.#notify();
  }

  #notify(): void {
    for (const listener of [...this.#listeners]) listener();
  }
}
