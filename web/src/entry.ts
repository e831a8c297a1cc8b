import { openEarlySync } from "./early-sync/start-early-sync.ts";
import { markLoadStep } from "./load-steps.ts";
import { reloadOnMissingChunk } from "./service-worker/reload-on-missing-chunk.ts";

// The page's first module, a few kilobytes: it opens the sync socket, then runs the app (main.tsx),
// whose code the page fetches meanwhile (index.html preloads it). Connecting, and on a fresh profile
// the server's first rows, overlap the app's code loading rather than follow it.
markLoadStep("entry");
reloadOnMissingChunk();
openEarlySync();
void import("./main.tsx");
