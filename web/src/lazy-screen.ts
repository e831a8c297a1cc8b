import { type ComponentType, createElement, type FunctionComponent, lazy, useState } from "react";
import { isScreenCode, screenCode } from "./screen-code.ts";

/** A screen whose code is fetched on first use; `preload` fetches it ahead of its first render. */
export type Screen<P extends object> = FunctionComponent<P> & { preload: () => Promise<unknown> };

/**
 * A screen whose code is fetched the first time it renders (React.lazy over a module's named
 * export, so page modules keep their names), or before, with `preload`. Once fetched it renders
 * at once, without suspending: React holds back content revealed after a Suspense fallback for
 * up to 300 ms, which a warm start would pay on every screen it opens.
 */
export function screen<P extends object>(load: () => Promise<ComponentType<P>>): Screen<P> {
  const code = isScreenCode(load) ? load : screenCode(load);
  const Lazy = lazy(async () => ({ default: await code() }));
  // biome-ignore lint/correctness/noComponentHookFactories: made once per screen, at module level, never during a render
  function LazyScreen(props: P) {
    // Chosen once per mount: swapping the two later would remount the screen and lose its state.
    const [Shown] = useState<ComponentType<P>>(() => code.loaded() ?? Lazy);
    return createElement(Shown, props);
  }
  return Object.assign(LazyScreen, { preload: code });
}
