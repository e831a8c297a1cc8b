import { dequal } from "dequal";
import { useRef } from "react";
import { SharedLiveQuery } from "./shared-live-query.ts";
import { useSharedLiveValue } from "./use-shared-live-value.ts";

const itself = <T>(value: T) => value;

/**
 * `useLiveValue` for what must show the moment it is read: `useLiveQuery` renders its component in
 * a task React's scheduler queues behind whatever the page has queued already (a busy project's
 * sync frames, the replica's answers), where an external store's change renders in the same turn.
 * The answer keeps its identity while it says the same, and while the query runs again for new
 * `deps` the last answer stands, as with `useLiveQuery`.
 */
export function useLiveValueNow<T>(querier: () => Promise<T>, deps: unknown[]): T | undefined {
  const last = useRef<{ value: T } | null>(null);
  const read = useRef(querier);
  read.current = querier;
  const made = useRef<{ deps: unknown[]; query: SharedLiveQuery<T> } | null>(null);
  if (made.current === null || !sameDeps(made.current.deps, deps)) {
    const query = new SharedLiveQuery(async () => {
      const value = await read.current();
      const held = last.current;
      if (held !== null && dequal(held.value, value)) return held.value;
      last.current = { value };
      return value;
    });
    made.current = { deps, query };
  }
  const answer = useSharedLiveValue(made.current.query, itself, "");
  return answer === undefined ? last.current?.value : answer;
}

const sameDeps = (a: unknown[], b: unknown[]) =>
  a.length === b.length && a.every((dep, index) => Object.is(dep, b[index]));
