// Where a page load's time goes: each step is a User Timing mark (`hirestream:<step>`) at its first
// occurrence in the load, for the browser's performance tools and the bench's warm-start figures.

/**
 * A signed-in load's steps: the page's first module runs and opens the sync socket (`entry`), the
 * app's code runs (`start`), the replica opens (`replica-open`: the database, `replica-ready`: the
 * runtime over it), the first screen's code is in (and the replica ready) and React's first render
 * starts (`code`), the screens render over the open replica (`screens`), and a list's first rows
 * are read (`rows-read`, a read that found some) and shown (`rows-shown`), or a list with none
 * shows that it has none (`empty-shown`: its empty state, or 'No results'). A fresh replica's
 * first sync adds its own: the socket opens (`socket-open`), the page learns whether the profile
 * holds a replica (`replica-checked`), the hello goes (`hello`), the first snapshot part reaches
 * the page (`first-part-received`), the sync client takes it (`first-part`) and it is written
 * (`first-part-written`), and at last every scope's rows are (`snapshots-written`). Any signed-in
 * load ends its first catch-up (`caught-up`).
 */
export type LoadStep =
  | "entry"
  | "start"
  | "code"
  | "replica-open"
  | "replica-ready"
  | "screens"
  | "rows-read"
  | "rows-shown"
  | "empty-shown"
  | "socket-open"
  | "replica-checked"
  | "hello"
  | "first-part-received"
  | "first-part"
  | "first-part-written"
  | "snapshots-written"
  | "caught-up";

const marked = new Set<LoadStep>();
/** Waiting for a step's first occurrence (loadReached). */
const reachWaiters = new Map<LoadStep, (() => void)[]>();
/** Waiting for a list screen to show rows, or that it has none, again (nextRowsShown). */
let rowsShownWaiters: (() => void)[] = [];

export function markLoadStep(step: LoadStep): void {
  if (step === "rows-shown" || step === "empty-shown") {
    const waiters = rowsShownWaiters;
    rowsShownWaiters = [];
    for (const resolve of waiters) resolve();
  }
  if (marked.has(step)) return;
  marked.add(step);
  performance.mark(`hirestream:${step}`);
  for (const resolve of reachWaiters.get(step) ?? []) resolve();
  reachWaiters.delete(step);
}

/** Whether the load has reached `step`. */
export function loadHasReached(step: LoadStep): boolean {
  return marked.has(step);
}

/** Resolves once the load reaches `step`: at once when it has. */
export function loadReached(step: LoadStep): Promise<void> {
  if (loadHasReached(step)) return Promise.resolve();
  return new Promise((resolve) => reachWaiters.set(step, [...(reachWaiters.get(step) ?? []), resolve]));
}

/**
 * Resolves the next time a list screen shows rows, or shows that it has none (every time, not only
 * the load's first): either way the screen has answered, and what waits for it may go on.
 */
export function nextRowsShown(): Promise<void> {
  return new Promise((resolve) => rowsShownWaiters.push(resolve));
}
