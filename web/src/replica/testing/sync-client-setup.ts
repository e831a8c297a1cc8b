import { SYNC_PROTOCOL_VERSION } from "@hirestream/contracts/sync/messages.ts";
import type { ScreenQueries } from "../screen-queries.ts";
import { SyncClient } from "../sync-client.ts";
import type { SyncStatus } from "../sync-socket.ts";
import { fakeSockets } from "./fake-socket.ts";
import { ManualClock } from "./manual-clock.ts";
import { ws1 } from "./rows.ts";
import { workspaceScope } from "./sync-frames.ts";
import { openTestDb } from "./test-db.ts";

export const wsScope = workspaceScope(ws1);
const credentials = { "access-token": "token", client: "client", uid: "alice@example.com" };

/** A client on a fresh replica, its sockets, clock and what it reported, driven by the test. */
export function setup(options: { screenQueries?: ScreenQueries } = {}) {
  const { db } = openTestDb();
  const server = fakeSockets();
  const clock = new ManualClock();
  const statuses: SyncStatus[] = [];
  const errors: Error[] = [];
  const refusals: string[] = [];
  let expired = 0;
  // The app's session object carries more than the hello may.
  const session = { ...credentials, expiry: "1790000000" };
  const client = new SyncClient({
    url: "ws://localhost/api/v1/sync",
    credentials: () => session,
    db,
    WebSocket: server.WebSocket,
    onSessionExpired: () => {
      expired += 1;
    },
    onStatus: (status) => statuses.push(status),
    onError: (error) => errors.push(error),
    onRefused: (detail) => refusals.push(detail),
    clock,
    random: () => 0.5,
    ...(options.screenQueries ? { screenQueries: options.screenQueries } : {}),
  });
  return { db, server, clock, client, statuses, errors, refusals, expiredCalls: () => expired };
}

/** The client started, its socket open and its hello sent. */
export async function connected(options: { screenQueries?: ScreenQueries } = {}) {
  const fixture = setup(options);
  fixture.client.start();
  const socket = fixture.server.latest();
  socket.open();
  await fixture.client.idle();
  return { ...fixture, socket };
}

export const hello = (cursor: number, scopes: string[]) => ({
  type: "hello",
  version: SYNC_PROTOCOL_VERSION,
  credentials,
  cursor,
  scopes,
  focus: [],
});

/** How many `applied` answers the client sent. */
export const answers = (sent: readonly unknown[]) =>
  sent.filter((message) => JSON.stringify(message) === '{"type":"applied"}').length;
