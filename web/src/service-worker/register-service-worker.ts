/**
 * Registers the app-shell worker that `vite-plugin-pwa` generates, so the app opens with no network.
 * Production builds only: the dev server has no /sw.js, and a cached shell would hide hot reloads.
 * A failure leaves the app working online, so it is logged and never thrown.
 *
 * A new build's worker takes over at once (skipWaiting, clientsClaim) but the open page keeps the
 * code it loaded: no forced reload, which could drop a half-typed form. The next load runs the new build.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  // Its library loads apart from the first screen's code: registration waits for the page's load anyway.
  import("workbox-window")
    .then(({ Workbox }) => new Workbox("/sw.js").register())
    .catch((error: unknown) => {
      console.error("The service worker did not register; the app will not open offline.", error);
    });
}
