/**
 * Registers the app-shell worker that `vite-plugin-pwa` generates, so the app opens with no network.
 * Production builds only: the dev server has no /sw.js, and a cached shell would hide hot reloads.
 * A failure leaves the app working online, so it is logged and never thrown.
 *
 * A new build's worker takes over at once (skipWaiting, clientsClaim) but the open page keeps the
 * code it loaded: no forced reload, which could drop a half-typed form. The next load runs the new build.
 *
 * The browser's own call, after the page's load event, which is all `workbox-window`'s `register()`
 * did for a page that listens to none of its events: a first load then downloads no library for it.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register("/sw.js").catch((error: unknown) => {
      console.error("The service worker did not register; the app will not open offline.", error);
    });
  };
  // After the load event: the worker's precache must not compete with the first screen's own downloads.
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}
