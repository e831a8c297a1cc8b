import { dequal } from "dequal";
import { useCallback, useRef, useSyncExternalStore } from "react";
import type { Loaded, SharedLiveQuery } from "./shared-live-query.ts";

/**
 * What this part of the screen shows of a shared query's answer: `select`ed from it, the same value
 * (by identity) while it says the same, so that the component renders again only when its part of
 * the answer changed. `selectKey` names what `select` depends on besides the answer. Undefined until
 * the query's first answer; a failed query throws, as `useLiveQuery` does.
 */
export function useSharedLiveValue<T, S>(
  query: SharedLiveQuery<T>,
  select: (value: T) => S,
  selectKey: string,
): S | undefined {
  const last = useRef<{ loaded: Loaded<T>; selectKey: string; selected: S } | null>(null);
  const listen = useCallback((listener: () => void) => query.listen(listener), [query]);
  const snapshot = () => {
    const { loaded } = query;
    if (loaded === undefined) return undefined;
    const held = last.current;
    if (held && held.loaded === loaded && held.selectKey === selectKey) return held.selected;
    const selected = select(loaded.value);
    const kept = held && dequal(held.selected, selected) ? held.selected : selected;
    last.current = { loaded, selectKey, selected: kept };
    return kept;
  };
  const value = useSyncExternalStore(listen, snapshot);
  const failed = query.error;
  if (failed) throw failed.error;
  return value;
}
