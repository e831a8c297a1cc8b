// Where a page load's time goes: each step is a User Timing mark (`hirestream:<step>`) at its first
// occurrence in the load, for the browser's performance tools and the bench's warm-start figures.

/**
 * A signed-in load's steps: the page's first module runs and opens the sync socket (`entry`), the
 * app's code runs (`start`), the replica opens (`replica-open`: the database, `replica-ready`: the
 * runtime over it), the first screen's code is in (and the replica ready) and React's first render
 * starts (`code`), the screens render over the open replica (`screens`), and a list's first rows
 * are read (`rows-read`). A fresh replica's first sync adds its own: the socket opens (`socket-open`),
 * the page learns whether the profile holds a replica (`replica-checked`), the hello goes (`hello`),
 * the first snapshot part reaches the page (`first-part-received`), the sync client takes it
 * (`first-part`) and it is written (`first-part-written`).
 */
export type LoadStep =
  | "entry"
  | "start"
  | "code"
  | "replica-open"
  | "replica-ready"
  | "screens"
  | "rows-read"
  | "socket-open"
  | "replica-checked"
  | "hello"
  | "first-part-received"
  | "first-part"
  | "first-part-written";

const marked = new Set<LoadStep>();
/** Waiting for a list screen's next read of its rows (nextRowsRead). */
let rowsReadWaiters: (() => void)[] = [];

export function markLoadStep(step: LoadStep): void {
  if (step === "rows-read") {
    const waiters = rowsReadWaiters;
    rowsReadWaiters = [];
    for (const resolve of waiters) resolve();
  }
  if (marked.has(step)) return;
  marked.add(step);
  performance.mark(`hirestream:${step}`);
}

/** Resolves at the next read of a list screen's rows (every read, not only the load's first). */
export function nextRowsRead(): Promise<void> {
  return new Promise((resolve) => rowsReadWaiters.push(resolve));
}
