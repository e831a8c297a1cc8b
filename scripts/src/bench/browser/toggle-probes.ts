import type { DomDocument, DomMutationObserverClass } from "./dom.ts";

// Functions Playwright runs inside the app's page (page.evaluate, page.addInitScript). They are
// sent as source text, so each one stands alone: no imports, no helpers from this module.
// A local action: a click on a Visible switch, timed to the screen's answer.

declare const document: DomDocument;
declare const MutationObserver: DomMutationObserverClass;
declare const requestAnimationFrame: (callback: () => void) => number;

export interface ToggleTimes {
  /** Click to the switch's `data-checked` changing: React committed the replica's new row. */
  domMs: number;
  /** Click to the next animation frame after that: the frame that paints it. */
  frameMs: number;
}

/**
 * Clicks one Visible switch and times the screen's answer. Mantine's Switch is a controlled
 * checkbox: the native `checked` flips at once on a click and React puts it back until the new
 * value arrives from the replica (mutate → Dexie transaction → live query → render). What does
 * follow the replica is the `data-checked` attribute React writes on the input, so that is watched.
 */
export function toggleSwitch(label: string): Promise<ToggleTimes> {
  const input = document.querySelector(`input[aria-label=${JSON.stringify(label)}]`);
  if (!input) return Promise.reject(new Error(`no switch labelled ${label}`));
  const before = input.getAttribute("data-checked");
  return new Promise((resolve, reject) => {
    let started = 0;
    const timer = setTimeout(() => {
      observer.disconnect();
      reject(new Error(`${label}: the screen did not change within 5 s`));
    }, 5000);
    const observer = new MutationObserver(() => {
      if (input.getAttribute("data-checked") === before) return;
      const domMs = performance.now() - started;
      observer.disconnect();
      clearTimeout(timer);
      requestAnimationFrame(() => resolve({ domMs, frameMs: performance.now() - started }));
    });
    observer.observe(input, { attributes: true, attributeFilter: ["data-checked"] });
    started = performance.now();
    input.click();
  });
}

/** `data-checked` of each labelled switch, in order ("true", "false", or null when missing). */
export function switchStates(labels: string[]): (string | null)[] {
  return labels.map(
    (label) =>
      document.querySelector(`input[aria-label=${JSON.stringify(label)}]`)?.getAttribute("data-checked") ?? null,
  );
}

/** No row carries the Pending mark: every queued write has been accepted and synced back. */
export function nothingPending(): boolean {
  return document.querySelector('[title="Not saved on the server yet"]') === null;
}
