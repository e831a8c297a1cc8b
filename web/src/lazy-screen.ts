import { type ComponentType, type LazyExoticComponent, lazy } from "react";

/**
 * A screen whose code is fetched the first time it renders: React.lazy over a module's named
 * export, so the page modules keep their names and need no default export.
 */
export function screen<P extends object>(load: () => Promise<ComponentType<P>>): LazyExoticComponent<ComponentType<P>> {
  return lazy(async () => ({ default: await load() }));
}
