import type { Clock } from "../clock.ts";

/** A clock that moves only when told; timers fire in due order during `advance`. */
export class ManualClock implements Clock {
  #now: number;
  #timers: { at: number; callback: () => void; cancelled: boolean }[] = [];

  constructor(start = 1_000_000) {
    this.#now = start;
  }

  now(): number {
    return this.#now;
  }

  schedule(callback: () => void, delayMs: number): () => void {
    const timer = { at: this.#now + delayMs, callback, cancelled: false };
    this.#timers.push(timer);
    return () => {
      timer.cancelled = true;
    };
  }

  /** Delays of the timers still waiting, soonest first. */
  pending(): number[] {
    return this.#live()
      .map((timer) => timer.at - this.#now)
      .sort((a, b) => a - b);
  }

  advance(ms: number): void {
    const until = this.#now + ms;
    for (;;) {
      const due = this.#live()
        .filter((timer) => timer.at <= until)
        .sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      this.#now = due.at;
      due.cancelled = true;
      due.callback();
    }
    this.#now = until;
  }

  #live() {
    this.#timers = this.#timers.filter((timer) => !timer.cancelled);
    return this.#timers;
  }
}
