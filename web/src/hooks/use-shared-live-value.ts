import { dequal } from "dequal";
import { type RefObject, useEffect, useReducer, useRef } from "react";
import type { Loaded, SharedLiveQuery } from "./shared-live-query.ts";

interface Asked<T, S> {
  select: (value: T) => S;
  selectKey: string;
}
type Selected<T, S> = { loaded: Loaded<T>; selectKey: string; selected: S } | null;

/** The part of the query's latest answer `asked` for, the one selected before while it says the same. */
function selectedNow<T, S>(
  query: SharedLiveQuery<T>,
  asked: Asked<T, S>,
  last: RefObject<Selected<T, S>>,
): S | undefined {
  const { loaded } = query;
  if (loaded === undefined) return undefined;
  const held = last.current;
  if (held && held.loaded === loaded && held.selectKey === asked.selectKey) return held.selected;
  const selected = asked.select(loaded.value);
  const kept = held && dequal(held.selected, selected) ? held.selected : selected;
  last.current = { loaded, selectKey: asked.selectKey, selected: kept };
  return kept;
}

/**
 * What this part of the screen shows of a shared query's answer: `select`ed from it, the same value
 * (by identity) while it says the same, so that the component renders again only when its part of
 * the answer changed. `selectKey` names what `select` depends on besides the answer. Undefined until
 * the query's first answer; a failed query throws, as `useLiveQuery` does. A new answer renders the
 * component as `useLiveQuery` does, in a task of React's scheduler: answers that come before that
 * task runs make one render between them, which a busy board's stream of moves needs.
 */
export function useSharedLiveValue<T, S>(
  query: SharedLiveQuery<T>,
  select: (value: T) => S,
  selectKey: string,
): S | undefined {
  const [, rerender] = useReducer((renders: number) => renders + 1, 0);
  const last = useRef<Selected<T, S>>(null);
  const shown = useRef<S | undefined>(undefined);
  const asked = useRef<Asked<T, S>>({ select, selectKey });
  asked.current = { select, selectKey };
  useEffect(() => {
    const changed = () => {
      if (query.error || selectedNow(query, asked.current, last) !== shown.current) rerender();
    };
    const stop = query.listen(changed);
    // An answer that came between the render and this subscription.
    changed();
    return stop;
  }, [query]);
  const value = selectedNow(query, asked.current, last);
  shown.current = value;
  const failed = query.error;
  if (failed) throw failed.error;
  return value;
}
