/** When the last reload for a missing chunk happened, so that a chunk that is really gone cannot loop. */
const RELOADED_AT_KEY = "hirestream:reloaded-for-missing-chunk";
const RELOAD_AGAIN_AFTER_MS = 60_000;

/**
 * A page opened before a new build went live still asks for the old build's chunks when it shows
 * a screen it has not shown yet, and the server and the new service worker no longer have them.
 * The screen being left is already gone, so nothing typed is lost: the page reloads into the new
 * build at the screen asked for. Offline, or a second time within a minute, the error stays and
 * the error screen offers the reload instead.
 */
export function reloadOnMissingChunk(): void {
  window.addEventListener("vite:preloadError", () => {
    if (!navigator.onLine) return;
    const last = Number(sessionStorage.getItem(RELOADED_AT_KEY) ?? "0");
    if (Date.now() - last < RELOAD_AGAIN_AFTER_MS) return;
    sessionStorage.setItem(RELOADED_AT_KEY, String(Date.now()));
    window.location.reload();
  });
}
