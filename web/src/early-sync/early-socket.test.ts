import { SYNC_PROTOCOL_VERSION } from "@hirestream/contracts/sync/protocol-version.ts";
import { expect, test } from "vitest";
import type { SyncCredentials } from "../replica/sync-socket.ts";
import { fakeSockets } from "../replica/testing/fake-socket.ts";
import { EarlySocket } from "./early-socket.ts";

// The sync socket the page's first module opens, before the app's code and the replica.

const credentials: SyncCredentials = { "access-token": "token", client: "client", uid: "alice@example.com" };
const projectFocus = ["proj:00000000-0000-4000-8000-0000000000b1", "ws:00000000-0000-4000-8000-0000000000a1"];

function early(fresh: Promise<boolean>, signedIn: () => SyncCredentials | null = () => credentials) {
  const server = fakeSockets();
  const socket = new EarlySocket({
    url: "ws://localhost/api/v1/sync",
    WebSocket: server.WebSocket,
    credentials: signedIn,
    fresh,
    focus: projectFocus,
  });
  return { socket, server: server.latest() };
}

/** Lets the answer of the replica check (a settled promise) reach the socket. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

test("on a profile without a replica, says a fresh replica's hello as soon as it opens, before any replica exists", async () => {
  const { socket, server } = early(Promise.resolve(true));
  await settled();
  expect(server.sent).toEqual([]);

  server.open();

  const hello = {
    type: "hello",
    version: SYNC_PROTOCOL_VERSION,
    credentials,
    cursor: 0,
    scopes: [],
    focus: projectFocus,
  };
  expect(server.sent).toEqual([hello]);
  expect(socket.greeted).toEqual(hello);
});

test("says it once the replica check answers when the socket opened first", async () => {
  let answer: (fresh: boolean) => void = () => {};
  const { socket, server } = early(new Promise((resolve) => (answer = resolve)));
  server.open();
  expect(server.sent).toEqual([]);

  answer(true);
  await settled();

  expect(server.sent).toHaveLength(1);
  expect(socket.greeted?.cursor).toBe(0);
});

test("says no hello on a profile that holds a replica: its cursor and scopes are the sync client's to say", async () => {
  const { socket, server } = early(Promise.resolve(false));
  await settled();
  server.open();

  expect(server.sent).toEqual([]);
  expect(socket.greeted).toBeNull();
});

test("says no hello once a sync client took it, nor when signed out meanwhile", async () => {
  let answer: (fresh: boolean) => void = () => {};
  const taken = early(new Promise((resolve) => (answer = resolve)));
  taken.socket.attach();
  answer(true);
  await settled();
  taken.server.open();
  expect(taken.server.sent).toEqual([]);

  const signedOut = early(Promise.resolve(true), () => null);
  await settled();
  signedOut.server.open();
  expect(signedOut.server.sent).toEqual([]);
  expect(signedOut.socket.greeted).toBeNull();
});

test("keeps what the server sends until taken, then hands it to the taker's handlers in order", async () => {
  const { socket, server } = early(Promise.resolve(true));
  await settled();
  server.open();
  server.receive({ type: "syncing", scopes: ["ws:00000000-0000-4000-8000-0000000000a1"] });
  server.receive({ type: "pong" });

  const seen: string[] = [];
  socket.onopen = () => seen.push("open");
  socket.onmessage = (event) => seen.push(String(event.data));
  socket.onclose = (event) => seen.push(`close ${event.code}`);
  expect(seen).toEqual([]);
  socket.attach();
  expect(seen).toEqual([
    "open",
    '{"type":"syncing","scopes":["ws:00000000-0000-4000-8000-0000000000a1"]}',
    '{"type":"pong"}',
  ]);

  // From now on straight through, and what the taker sends goes out on the same socket.
  server.receive({ type: "pong" });
  socket.send(JSON.stringify({ type: "applied" }));
  server.drop(1006);
  expect(seen.slice(3)).toEqual(['{"type":"pong"}', "close 1006"]);
  expect(server.sent.at(-1)).toEqual({ type: "applied" });
});

test("tells that it closed before anyone took it", async () => {
  const { socket, server } = early(Promise.resolve(false));
  expect(socket.closed).toBe(false);
  server.drop(1006);
  expect(socket.closed).toBe(true);
});
