import { useEffect, useState } from "react";

/**
 * False on the first render, true once the browser has had a moment with nothing to do: what a
 * screen draws only after what it shows first is on it (the Reports' later charts after the first).
 * A browser without idle callbacks waits one task; a busy one no longer than `maxWaitMs`.
 */
export function useAfterIdle(maxWaitMs = 500): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback === "function") {
      const handle = window.requestIdleCallback(() => setIdle(true), { timeout: maxWaitMs });
      return () => window.cancelIdleCallback(handle);
    }
    const handle = window.setTimeout(() => setIdle(true), 0);
    return () => window.clearTimeout(handle);
  }, [maxWaitMs]);
  return idle;
}
