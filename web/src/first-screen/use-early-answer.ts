import { useCallback, useEffect, useSyncExternalStore } from "react";
import type { EarlyRead } from "./early-read.ts";

/**
 * The early read's answer for what `key` names, while the screen's own read has none (`ownAnswered`
 * false); once it has, the early read ends. Undefined when the early read read something else.
 */
export function useEarlyAnswer<T>(early: EarlyRead<T>, key: string, ownAnswered: boolean): T | undefined {
  const subscribe = useCallback((changed: () => void) => early.listen(changed), [early]);
  const answer = useSyncExternalStore(subscribe, () => (ownAnswered ? undefined : early.answerFor(key)));
  useEffect(() => {
    if (ownAnswered) early.end();
  }, [early, ownAnswered]);
  return answer;
}
