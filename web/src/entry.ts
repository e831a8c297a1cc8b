import { readCredentials } from "./api/session-credentials.ts";
import { MOBILE_MEDIA_QUERY } from "./constants.ts";
import { openEarlySync } from "./early-sync/start-early-sync.ts";
import { markLoadStep } from "./load-steps.ts";
import { reportsWorkspaceOf, sendEarlyFunnel } from "./pages/reports/early-funnel.ts";
import { reloadOnMissingChunk } from "./service-worker/reload-on-missing-chunk.ts";
import { appLayoutCode, signedInScreenCodeOf } from "./signed-in-screens.ts";

// The page's first module, a few kilobytes: it opens the sync socket, then runs the app (main.tsx),
// whose code the page fetches meanwhile (index.html preloads it). Connecting, and on a fresh profile
// the server's first rows, overlap the app's code loading rather than follow it.
markLoadStep("entry");
reloadOnMissingChunk();
const sync = openEarlySync();
if (sync) {
  // Signed in, the replica's code is asked for now too, beside the app's, and the replica opens
  // as soon as it is in (main.tsx asks again and gets the same one): on a fresh profile, creating
  // the database no longer waits for the app's code to have run. After the socket, which the
  // replica takes if it is there when it opens, and after the page asked whether the profile
  // holds a replica: made meanwhile, the database would hold that answer, and the hello, back.
  const replica = import("./replica/replica-provider.tsx");
  Promise.all([replica, sync.decided])
    .then(([module]) => module.prepareReplica(sync.uid))
    // Reported where the app takes the replica (replica-provider.tsx).
    .catch(() => undefined);
  // And the code of the signed-in frame and of the screen the load opens, which main.tsx waits for
  // before the first render: asked for once main.tsx has run, it came last of all on a fresh
  // profile, after the app's own code and the replica, while the sync's first rows were already in.
  if (!window.matchMedia(MOBILE_MEDIA_QUERY).matches) {
    for (const code of [appLayoutCode, signedInScreenCodeOf(window.location.pathname)])
      void code().catch(() => undefined);
  }
}
if (reportsWorkspaceOf(window.location.pathname) !== null && !window.matchMedia(MOBILE_MEDIA_QUERY).matches) {
  // The Reports' first chart waits on the server's count of the stage funnel: asked for now, it is
  // counted while the app's code loads, and the chart's code (recharts) comes beside it.
  sendEarlyFunnel(window.location.pathname, readCredentials(), (url, init) => fetch(url, init));
  void import("./pages/reports/reports-page.tsx").catch(() => undefined);
}
void import("./main.tsx");
