import "@mantine/core/styles.css";
import "@mantine/notifications/styles.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { readCredentials } from "./api/session-credentials.ts";
import { App } from "./app.tsx";
import { markLoadStep } from "./load-steps.ts";
import { preloadScreensOf, prepareReplicaOf } from "./routes.tsx";
import { registerServiceWorker } from "./service-worker/register-service-worker.ts";
import { reloadOnMissingChunk } from "./service-worker/reload-on-missing-chunk.ts";

markLoadStep("start");
reloadOnMissingChunk();
const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root");
/** A chunk that never comes (a broken network without the service worker) must not hold the app back. */
const PRELOAD_WAIT_MS = 3_000;

// The first screen's code first, then the first render: rendered before it, the screen would
// show a spinner and then wait out React's hold-back of content after a fallback.
const credentials = readCredentials();
if (credentials) prepareReplicaOf(credentials.uid).catch(() => undefined);
Promise.race([
  preloadScreensOf(window.location.pathname, credentials !== null),
  new Promise((resolve) => setTimeout(resolve, PRELOAD_WAIT_MS)),
])
  .catch(() => undefined)
  .then(() => {
    markLoadStep("code");
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
registerServiceWorker();
