import "@mantine/core/styles.css";
import "@mantine/notifications/styles.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app.tsx";
import { registerServiceWorker } from "./service-worker/register-service-worker.ts";
import { reloadOnMissingChunk } from "./service-worker/reload-on-missing-chunk.ts";

reloadOnMissingChunk();
const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root");
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
registerServiceWorker();
