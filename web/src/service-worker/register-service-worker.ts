import { loadReached } from "../load-steps.ts";

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
 * Not before the page's load event, nor, signed in, before the first screen shows its rows or the
 * first sync catches up (at most SERVICE_WORKER_WAIT_MS after the load): the precache (over a
 * hundred files) fetched and stored beside a fresh profile's first sync took the same two cores as
 * the sync's writes and the screen's render, and put the first rows 150 ms or more later.
 */
const SERVICE_WORKER_WAIT_MS = 5_000;

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register("/sw.js").catch((error: unknown) => {
      console.error("The service worker did not register; the app will not open offline.", error);
    });
  };
  const loaded =
    document.readyState === "complete"
      ? Promise.resolve()
      : new Promise((resolve) => window.addEventListener("load", resolve, { once: true }));
  void loaded
    .then(() =>
      Promise.race([
        loadReached("rows-shown"),
        loadReached("caught-up"),
        new Promise((resolve) => setTimeout(resolve, SERVICE_WORKER_WAIT_MS)),
      ]),
    )
    .then(register);
}
