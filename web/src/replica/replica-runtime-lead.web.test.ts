import "fake-indexeddb/auto";
import { afterEach, expect, test, vi } from "vitest";
import { EarlySocket } from "../early-sync/early-socket.ts";
import { newId } from "../ids/new-id.ts";
import { ReplicaRuntime } from "./replica-runtime.ts";
import { browserLocks, type TabLocks } from "./tab-locks.ts";
import { fakeSockets } from "./testing/fake-socket.ts";

// A replica opening on a page whose first module opened the sync socket (web/src/early-sync/).

const credentials = { "access-token": "token", client: "client", uid: "alice@example.com" };

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The browser's Web Locks, granting in a later task, as a browser's do. */
function laterLocks(): TabLocks {
  const locks = browserLocks();
  if (!locks) throw new Error("this runtime has no Web Locks");
  return {
    request: (name, options, callback) =>
      new Promise((resolve) => setTimeout(resolve, 20)).then(() => locks.request(name, options, callback)),
    query: () => locks.query(),
  };
}

/** Web Locks whose leader lock another tab holds: this tab never leads. */
const heldElsewhere: TabLocks = {
  request: () => new Promise(() => {}),
  query: () => Promise.resolve({ held: [] }),
};

function open(socket: EarlySocket, locks: TabLocks = laterLocks()) {
  // The runtime listens for the browser's online event; this runtime has no window.
  vi.stubGlobal("window", new EventTarget());
  let taken = false;
  return ReplicaRuntime.open({
    uid: credentials.uid,
    apiBase: "/api/v1",
    syncUrl: "ws://localhost/api/v1/sync",
    credentials: () => credentials,
    headers: () => null,
    onRejected: () => {},
    onSessionExpired: () => {},
    onStatus: () => {},
    // A fresh name per test: Web Locks of this process outlive a test.
    dbName: `replica-${newId()}`,
    records: null,
    locks,
    takeSocket: () => {
      taken = true;
      return socket;
    },
    socketWaiting: () => !taken,
  });
}

function earlySocket() {
  const server = fakeSockets();
  const socket = new EarlySocket({
    url: "ws://localhost/api/v1/sync",
    WebSocket: server.WebSocket,
    credentials: () => credentials,
    fresh: Promise.resolve(true),
    focus: [],
  });
  server.latest().open();
  return socket;
}

test("with the page's socket waiting, the replica is open once its tab leads and the sync client has taken what came on it", async () => {
  const socket = earlySocket();

  const runtime = await open(socket);

  // The screens render next: the first rows are on their way into the replica before that.
  expect(socket.attached).toBe(true);
  runtime.close();
});

test("when another tab leads, the replica opens all the same, its screens fed by that tab", async () => {
  const socket = earlySocket();

  const runtime = await open(socket, heldElsewhere);

  expect(socket.attached).toBe(false);
  runtime.close();
});
