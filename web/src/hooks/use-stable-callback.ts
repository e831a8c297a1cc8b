import { useCallback, useLayoutEffect, useRef } from "react";

/**
 * A function that keeps its identity for the component's life and always runs the latest
 * `callback`: handed to memoized children, it does not make them render again. For event
 * handlers only; calling it during render would run the previous render's callback.
 */
export function useStableCallback<Args extends unknown[], Result>(
  callback: (...args: Args) => Result,
): (...args: Args) => Result {
  const latest = useRef(callback);
  useLayoutEffect(() => {
    latest.current = callback;
  });
  return useCallback((...args: Args) => latest.current(...args), []);
}
