import { useEffect, useState } from "react";

/**
 * Resolves once the browser has had a moment with nothing to do, what a screen does only after
 * what it shows first is on it; at once when `signal` aborts. A browser without idle callbacks
 * waits one task; a busy one no longer than `maxWaitMs`.
 */
export function whenIdle(signal: AbortSignal, maxWaitMs = 500): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    let handle: (() => void) | null = null;
    const done = () => {
      signal.removeEventListener("abort", aborted);
      resolve();
    };
    const aborted = () => {
      handle?.();
      done();
    };
    signal.addEventListener("abort", aborted);
    if (typeof window.requestIdleCallback === "function") {
      const id = window.requestIdleCallback(done, { timeout: maxWaitMs });
      handle = () => window.cancelIdleCallback(id);
    } else {
      const id = window.setTimeout(done, 0);
      handle = () => window.clearTimeout(id);
    }
  });
}

/** False on the first render, true once the browser has been idle (`whenIdle`): the Reports' later charts. */
export function useAfterIdle(maxWaitMs = 500): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    void whenIdle(controller.signal, maxWaitMs).then(() => {
      if (!controller.signal.aborted) setIdle(true);
    });
    return () => controller.abort();
  }, [maxWaitMs]);
  return idle;
}
