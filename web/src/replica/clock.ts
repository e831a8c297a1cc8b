/** Time and timers, injected so tests can step through backoff without waiting or faking globals. */
export interface Clock {
  now(): number;
  /** Runs `callback` after `delayMs`; the answer cancels it. */
  schedule(callback: () => void, delayMs: number): () => void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  schedule(callback, delayMs) {
    const handle = setTimeout(callback, delayMs);
    return () => clearTimeout(handle);
  },
};

/**
 * Exponential backoff, capped, with jitter over the upper half so that many browsers dropped at
 * once by a restarting server do not come back in the same instant.
 */
export function backoffDelay(
  attempt: number,
  { baseMs, capMs }: { baseMs: number; capMs: number },
  random: () => number,
): number {
  const ceiling = Math.min(capMs, baseMs * 2 ** Math.max(0, attempt));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}
