import { useEffect } from "react";
import { useReplica } from "../replica/replica-provider.tsx";
import { readScopeProgress, type ScopeProgress } from "../replica/sync-state.ts";
import { useLiveValue } from "./use-live-value.ts";

/**
 * Which scopes the replica holds in full, and whether every scope's few rows are in: a list may
 * show its empty state only once the scope that would hold its rows is in (sync-state.ts).
 * Undefined while first read.
 */
export function useScopeProgress(): ScopeProgress | undefined {
  const { db } = useReplica();
  return useLiveValue(() => readScopeProgress(db), [db]);
}

/** The screen shows rows of these scopes, most wanted first: sync sends what is missing of them first. */
export function useSyncFocus(scopes: readonly string[]): void {
  const runtime = useReplica();
  const key = scopes.join(",");
  useEffect(() => {
    runtime.focus(key === "" ? [] : key.split(","));
  }, [runtime, key]);
}
