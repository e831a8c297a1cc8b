import { loadHasReached, loadReached } from "../load-steps.ts";

/**
 * Registers the app-shell worker that `vite-plugin-pwa` generates, so the app opens with no network.
 * Production builds only: the dev server has no /sw.js, and a cached shell would hide hot reloads.
 * A failure leaves the app working online, so it is logged and never thrown.
 *
 * A new build's worker takes over at once (skipWaiting, clientsClaim) but the open page keeps the
 * code it loaded: no forced reload, which could drop a half-typed form. The next load runs the new build.
 *
 * The browser's own call, which is all `workbox-window`'s `register()` did for a page that listens
 * to none of its events: a first load then downloads no library for it.
 *
 * Not before the page's load event, nor while a first sync is under way: the precache (over a
 * hundred files) fetched and stored beside a fresh profile's first sync took the same two cores
 * as the sync's writes and the screen's render, and put the first rows 150 ms or more later and
 * the whole replica later still. A page that starts no sync (signed out) registers a few seconds
 * after its load, unless the visitor signs in meanwhile; a sync that never catches up holds it
 * at most FIRST_SYNC_WAIT_MS.
 */
const SIGNED_OUT_WAIT_MS = 5_000;
const FIRST_SYNC_WAIT_MS = 30_000;

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function untilTheFirstSyncIsIn(): Promise<void> {
  if (document.readyState !== "complete") {
    await new Promise((resolve) => window.addEventListener("load", resolve, { once: true }));
  }
  await Promise.race([loadReached("caught-up"), delay(SIGNED_OUT_WAIT_MS)]);
  if (loadHasReached("hello")) await Promise.race([loadReached("caught-up"), delay(FIRST_SYNC_WAIT_MS)]);
}

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  void untilTheFirstSyncIsIn().then(() =>
    navigator.serviceWorker.register("/sw.js").catch((error: unknown) => {
      console.error("The service worker did not register; the app will not open offline.", error);
    }),
  );
}
