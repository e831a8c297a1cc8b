import type { ComponentType } from "react";

/**
 * A screen's code, fetched once however many ask for it: the route table renders the screen from
 * it (lazy-screen.ts), and the page's first module may ask for it before the app's code has run
 * (entry.ts).
 */
export interface ScreenCode<P extends object> {
  (): Promise<ComponentType<P>>;
  /** The component once fetched: the first render takes it at once. */
  loaded(): ComponentType<P> | null;
}

const made = new WeakSet<object>();

export function isScreenCode<P extends object>(load: () => Promise<ComponentType<P>>): load is ScreenCode<P> {
  return made.has(load);
}

/** `load` imports the screen's module and picks its component: modules keep their named exports. */
export function screenCode<P extends object>(load: () => Promise<ComponentType<P>>): ScreenCode<P> {
  let loading: Promise<ComponentType<P>> | null = null;
  let loaded: ComponentType<P> | null = null;
  const fetchCode = () => {
    loading ??= load().then((component) => {
      loaded = component;
      return component;
    });
    return loading;
  };
  const code: ScreenCode<P> = Object.assign(fetchCode, { loaded: () => loaded });
  made.add(code);
  return code;
}
