import "@mantine/core/styles.css";
import "@mantine/notifications/styles.css";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { readCredentials } from "./api/session-credentials.ts";
import { App } from "./app.tsx";
import { replicaListedEarly } from "./early-sync/start-early-sync.ts";
import { markLoadStep } from "./load-steps.ts";
import { preloadScreensOf, prepareReplicaOf } from "./routes.tsx";
import { registerServiceWorker } from "./service-worker/register-service-worker.ts";

markLoadStep("start");
const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root");
/** A chunk that never comes (a broken network without the service worker), or a replica that does not open, must not hold the app back. */
const PRELOAD_WAIT_MS = 3_000;

// The first screen's code first, and when signed in the replica open, then the first render:
// rendered before the code, the screen would show a spinner and then wait out React's hold-back of
// content after a fallback; before the replica, a loader, then an effect, a wait and the screen's
// render all over again.
const credentials = readCredentials();
const replica = credentials ? prepareReplicaOf(credentials.uid).catch(() => undefined) : undefined;
Promise.race([
  Promise.all([preloadScreensOf(window.location.pathname, credentials !== null), replica]),
  new Promise((resolve) => setTimeout(resolve, PRELOAD_WAIT_MS)),
])
  .catch(() => undefined)
  .then(() => {
    markLoadStep("code");
    const app = createRoot(root);
    const render = () =>
      app.render(
        <StrictMode>
          <App />
        </StrictMode>,
      );
    // On a profile that held no replica, the first sync writes while the first screen renders: as
    // a transition, the render yields to the browser every few milliseconds, and the sync's
    // messages and IndexedDB answers are taken between its slices instead of after it whole (the
    // Talent Pool's first row came some 250 ms sooner). A replica already held has nothing to
    // wait for: its screens render at once, whole.
    if (replicaListedEarly() === null) startTransition(render);
    else render();
  });
registerServiceWorker();
