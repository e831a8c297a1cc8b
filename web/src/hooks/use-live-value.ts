import { dequal } from "dequal";
import { useLiveQuery } from "dexie-react-hooks";
import { useRef } from "react";

/**
 * `useLiveQuery` whose answer keeps its identity while its value stays the same. A live query runs
 * again on any write to the ranges it read (a busy project's pipeline takes many a second), and
 * a new answer renders the component again even when it says what the last one said.
 */
export function useLiveValue<T>(querier: () => Promise<T>, deps: unknown[]): T | undefined {
  const last = useRef<{ value: T } | null>(null);
  return useLiveQuery(async () => {
    const value = await querier();
    if (last.current !== null && dequal(last.current.value, value)) return last.current.value;
    last.current = { value };
    return value;
  }, deps);
}
