// Where a page load's time goes: each step is a User Timing mark (`hirestream:<step>`) at its first
// occurrence in the load, for the browser's performance tools and the bench's warm-start figures.

/**
 * A signed-in load's steps: the page's first module runs and opens the sync socket (`entry`), the
 * app's code runs (`start`), the replica opens (`replica-open`: the database, `replica-ready`: the
 * runtime over it), the first screen's code is in (and the replica ready) and React's first render
 * starts (`code`), the screens render over the open replica (`screens`), and a list's first rows
 * are read (`rows-read`). A fresh replica's first sync adds its own: the socket opens (`socket-open`),
 * the hello goes (`hello`), the first snapshot part arrives (`first-part`) and is written
 * (`first-part-written`).
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
  | "hello"
  | "first-part"
  | "first-part-written";

const marked = new Set<LoadStep>();

export function markLoadStep(step: LoadStep): void {
  if (marked.has(step)) return;
  marked.add(step);
  performance.mark(`hirestream:${step}`);
}
