import type { DomDocument, DomMutationObserverClass } from "./browser/dom.ts";

// Functions Playwright runs inside the Talent Pool page (page.evaluate, page.addInitScript), in
// the manner of browser/first-sync-probes.ts. They are sent as source text, so each one stands alone:
// no imports, no helpers, no constants from this module. Times are `performance.now()` in the page.

/** An input's answer: when React committed it to the DOM, and the next animation frame (the one that paints it). */
export interface ScreenTimes {
  domMs: number;
  frameMs: number;
}

/** One navigation to /talent_pool: when a person's row first showed; null until it did. */
export interface TalentPoolLoad {
  firstRowMs: number | null;
  firstRowFrameMs: number | null;
}

interface RowsChange {
  result: ScreenTimes | null;
  error: string | null;
}

interface KeyEventLike {
  readonly key: string;
}
type KeyListener = (event: KeyEventLike) => void;

interface RenderWindow {
  hirestreamTalentPoolLoad?: TalentPoolLoad;
  hirestreamRowsChange?: RowsChange;
  addEventListener(type: "keydown", listener: KeyListener, options: { capture: boolean }): void;
  removeEventListener(type: "keydown", listener: KeyListener, options: { capture: boolean }): void;
}
declare const window: RenderWindow;
declare const document: DomDocument;
declare const MutationObserver: DomMutationObserverClass;
declare const requestAnimationFrame: (callback: () => void) => number;

/** An init script: records when the first element matching `rowSelector` is in the DOM, and the frame after. */
export function installTalentPoolLoadProbe(rowSelector: string): void {
  const probe: TalentPoolLoad = { firstRowMs: null, firstRowFrameMs: null };
  window.hirestreamTalentPoolLoad = probe;
  const observer = new MutationObserver(() => {
    if (document.querySelector(rowSelector) === null) return;
    probe.firstRowMs = performance.now();
    observer.disconnect();
    requestAnimationFrame(() => {
      probe.firstRowFrameMs = performance.now();
    });
  });
  observer.observe(document, { childList: true, subtree: true });
}

export function talentPoolLoaded(): boolean {
  const probe = window.hirestreamTalentPoolLoad;
  return probe !== undefined && probe.firstRowFrameMs !== null;
}

export function readTalentPoolLoad(): TalentPoolLoad | null {
  return window.hirestreamTalentPoolLoad ?? null;
}

/**
 * Arms a probe for the next Enter: it is timed from the keydown (seen first, in the capture phase,
 * before the form's implicit submission) until the pager says `pagerText` with a row on screen.
 * Rows and pager come from one React commit, so the count showing means the rows show too. The
 * count must differ from what is on screen now, or a stale screen would pass for the answer.
 */
export function armEnterProbe(options: { pagerText: string; rowSelector: string }): void {
  const state: RowsChange = { result: null, error: null };
  window.hirestreamRowsChange = state;
  const shows = () =>
    document.querySelector(options.rowSelector) !== null &&
    [...document.querySelectorAll("p")].some((element) => element.textContent === options.pagerText);
  if (shows()) {
    state.error = `the pager already shows "${options.pagerText}"`;
    return;
  }
  let started: number | null = null;
  const onKey: KeyListener = (event) => {
    if (event.key === "Enter" && started === null) started = performance.now();
  };
  window.addEventListener("keydown", onKey, { capture: true });
  const stop = () => {
    observer.disconnect();
    window.removeEventListener("keydown", onKey, { capture: true });
    clearTimeout(timer);
  };
  const observer = new MutationObserver(() => {
    if (started === null || !shows()) return;
    const from = started;
    const domMs = performance.now() - from;
    stop();
    requestAnimationFrame(() => {
      state.result = { domMs, frameMs: performance.now() - from };
    });
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true });
  const timer = setTimeout(() => {
    stop();
    state.error = `"${options.pagerText}" did not show within 10 s of Enter (Enter seen: ${started !== null})`;
  }, 10_000);
}

export function rowsChangeDone(): boolean {
  const state = window.hirestreamRowsChange;
  return state !== undefined && (state.result !== null || state.error !== null);
}

export function readRowsChange(): RowsChange | null {
  return window.hirestreamRowsChange ?? null;
}

/**
 * Clicks the pager's control labelled `control` and times the screen's answer: until the first
 * row links to someone else. React keys rows by person, so a new page replaces the rows.
 */
export function clickPager(options: { control: string; rowSelector: string }): Promise<ScreenTimes> {
  const button = document.querySelector(`[aria-label=${JSON.stringify(options.control)}]`);
  const before = document.querySelector(options.rowSelector)?.getAttribute("href") ?? null;
  if (!button) return Promise.reject(new Error(`no pager control labelled ${options.control}`));
  if (before === null) return Promise.reject(new Error("no row on screen before paging"));
  return new Promise((resolve, reject) => {
    let started = 0;
    const timer = setTimeout(() => {
      observer.disconnect();
      reject(new Error(`${options.control}: the rows did not change within 10 s`));
    }, 10_000);
    const observer = new MutationObserver(() => {
      const now = document.querySelector(options.rowSelector)?.getAttribute("href") ?? null;
      if (now === null || now === before) return;
      const domMs = performance.now() - started;
      observer.disconnect();
      clearTimeout(timer);
      requestAnimationFrame(() => resolve({ domMs, frameMs: performance.now() - started }));
    });
    observer.observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ["href"] });
    started = performance.now();
    button.click();
  });
}
