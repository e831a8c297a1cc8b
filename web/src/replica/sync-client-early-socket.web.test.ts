import { expect, test } from "vitest";
import { EarlySocket } from "../early-sync/early-socket.ts";
import { SyncClient } from "./sync-client.ts";
import { readSyncState, writeCursor, writeScopes } from "./sync-state.ts";
import { fakeSockets } from "./testing/fake-socket.ts";
import { ManualClock } from "./testing/manual-clock.ts";
import { alice, user, workspace, ws1 } from "./testing/rows.ts";
import { answers, hello, wsScope } from "./testing/sync-client-setup.ts";
import { me, snapshotPart } from "./testing/sync-frames.ts";
import { openTestDb } from "./testing/test-db.ts";

// The first connection takes the socket the page opened as it started (web/src/early-sync/):
// on a fresh profile it said hello and the server's first rows came while the replica opened.

const credentials = { "access-token": "token", client: "client", uid: "alice@example.com" };
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

function earlyStart(options: { fresh: boolean; focus?: string[]; firstRowsShown?: () => Promise<void> }) {
  const { db } = openTestDb();
  const server = fakeSockets();
  const early = new EarlySocket({
    url: "ws://localhost/api/v1/sync",
    WebSocket: server.WebSocket,
    credentials: () => credentials,
    fresh: Promise.resolve(options.fresh),
    focus: options.focus ?? [],
    firstRowsShown: options.firstRowsShown,
  });
  let taken = 0;
  const client = new SyncClient({
    url: "ws://localhost/api/v1/sync",
    credentials: () => credentials,
    db,
    WebSocket: server.WebSocket,
    takeSocket: () => {
      taken += 1;
      return early;
    },
    onSessionExpired: () => {},
    onStatus: () => {},
    clock: new ManualClock(),
    random: () => 0.5,
  });
  return { db, server, early, client, takenTimes: () => taken };
}

test("a fresh profile's first rows, come before the replica opened, are applied on its one early hello", async () => {
  const { db, server, client } = earlyStart({ fresh: true });
  const socket = server.latest();
  await settled();
  // The page's first module: the socket opens and says hello; the server answers at once.
  socket.open();
  expect(socket.sent).toEqual([hello(0, [])]);
  socket.receive({ type: "syncing", scopes: [me, wsScope] });
  socket.receive(snapshotPart(me, [{ entity: "user", id: alice, data: user(alice) }], { position: 30 }));
  socket.receive(snapshotPart(wsScope, [{ entity: "workspace", id: ws1, data: workspace(ws1) }], { position: 30 }));
  expect(await db.workspaces.count()).toBe(0);

  // The replica is open: the sync client takes the socket and catches up on what came.
  client.start();
  await client.idle();

  expect(server.sockets).toHaveLength(1);
  expect(socket.sent.filter((message) => JSON.stringify(message).includes('"hello"'))).toHaveLength(1);
  expect(answers(socket.sent)).toBe(2);
  expect(await db.users.count()).toBe(1);
  expect(await db.workspaces.get(ws1)).toMatchObject({ name: workspace(ws1).name });
  socket.receive({ type: "ready", cursor: 30, scopes: [me, wsScope] });
  await client.idle();
  expect(await readSyncState(db)).toEqual({ cursor: 30, scopes: [me, wsScope] });
});

test("on a profile that holds a replica, the client says hello from the replica's cursor on the early socket", async () => {
  const { db, server, client } = earlyStart({ fresh: false });
  await writeCursor(db, 17);
  await writeScopes(db, [me, wsScope]);
  const socket = server.latest();
  await settled();
  socket.open();
  expect(socket.sent).toEqual([]);

  client.start();
  await client.idle();

  expect(server.sockets).toHaveLength(1);
  expect(socket.sent).toEqual([hello(17, [me, wsScope])]);
});

test("a socket taken before it opened says the client's hello when it opens", async () => {
  const { server, client } = earlyStart({ fresh: true });
  client.start();
  await settled();
  const socket = server.latest();
  socket.open();
  await client.idle();

  expect(server.sockets).toHaveLength(1);
  expect(socket.sent).toEqual([hello(0, [])]);
});

test("the screen's focus, when it is not what the early hello said, follows it", async () => {
  const { server, client } = earlyStart({ fresh: true, focus: [] });
  const socket = server.latest();
  await settled();
  socket.open();

  client.focus([wsScope]);
  client.start();
  await client.idle();

  expect(socket.sent).toEqual([hello(0, []), { type: "focus", scopes: [wsScope] }]);
});

test("only the first connection takes it: a reconnect opens a socket of its own and says hello again", async () => {
  const { server, client, takenTimes } = earlyStart({ fresh: true });
  const socket = server.latest();
  await settled();
  socket.open();
  client.start();
  await client.idle();

  socket.drop(1006);
  await client.idle();
  // The backoff's timer runs on the manual clock: reconnect at once instead.
  client.reconnectNow();
  const again = server.latest();
  expect(again).not.toBe(socket);
  again.open();
  await client.idle();

  expect(takenTimes()).toBe(1);
  expect(again.sent).toEqual([hello(0, [])]);
});

/** A snapshot part as the server prints it (partFrame): the keys in its order. */
const printed = (scope: string, part: number, last: boolean, ids: string[]) =>
  JSON.stringify({
    type: "snapshot",
    scope,
    position: 30,
    part,
    last,
    rows: ids.map((id) => ({ entity: "workspace", id, data: workspace(id) })),
  });

test("what piled up before the replica opened goes in after the screen's first rows, not in their transaction", async () => {
  const { db, server, client } = earlyStart({ fresh: true });
  const socket = server.latest();
  await settled();
  socket.open();
  const ids = Array.from(
    { length: 9 },
    (_, index) => `00000000-0000-4000-8000-0000000001${String(index).padStart(2, "0")}`,
  );
  const [few = "", ...many] = ids;
  socket.receive({ type: "syncing", scopes: [wsScope] });
  socket.receive(printed(wsScope, 0, false, [few]));
  // The first part of the scope's many rows (the screen's first rows), then the thousands after them.
  socket.receive(printed(wsScope, 1, false, many.slice(0, 3)));
  socket.receive(printed(wsScope, 2, true, many.slice(3)));
  const transactionOf = new Map<string, unknown>();
  db.workspaces.hook("creating", (id, _row, transaction) => {
    transactionOf.set(String(id), transaction);
  });

  client.start();
  await client.idle();
  await settled();
  await client.idle();

  expect(await db.workspaces.count()).toBe(9);
  expect(transactionOf.get(many[0] ?? "")).toBe(transactionOf.get(few));
  expect(transactionOf.get(many[3] ?? "")).not.toBe(transactionOf.get(many[0] ?? ""));
  expect(answers(socket.sent)).toBe(3);
});

const workspaceIds = (from: number, count: number) =>
  Array.from(
    { length: count },
    (_, index) => `00000000-0000-4000-8000-0000000002${String(from + index).padStart(2, "0")}`,
  );

/** The screen's promise to show its first rows, kept by the test. */
function screen() {
  let show = () => {};
  const shown = new Promise<void>((resolve) => {
    show = resolve;
  });
  return { firstRowsShown: () => shown, show };
}

/** Lets the client write what it was handed, and the socket hand on what it may. */
async function written(client: SyncClient) {
  for (let round = 0; round < 3; round++) {
    await client.idle();
    await settled();
  }
}

test("the rest of a first sync waits until the screen has shown the rows of its first parts", async () => {
  const { show, firstRowsShown } = screen();
  const { db, server, client } = earlyStart({ fresh: true, firstRowsShown });
  const socket = server.latest();
  await settled();
  socket.open();
  const [few = "", ...many] = workspaceIds(0, 9);
  socket.receive({ type: "syncing", scopes: [wsScope] });
  socket.receive(printed(wsScope, 0, false, [few]));
  socket.receive(printed(wsScope, 1, false, many.slice(0, 3)));
  socket.receive(printed(wsScope, 2, true, many.slice(3)));

  client.start();
  await written(client);
  // The screen's first read is not queued behind the thousands of rows after its own.
  expect(await db.workspaces.count()).toBe(4);
  expect(answers(socket.sent)).toBe(2);

  show();
  await written(client);
  expect(await db.workspaces.count()).toBe(9);
  expect(answers(socket.sent)).toBe(3);
});

test("a screen focused on several scopes gets the first part of each before the rest waits", async () => {
  const { show, firstRowsShown } = screen();
  const other = "ws:00000000-0000-4000-8000-0000000000a9";
  const { db, server, client } = earlyStart({ fresh: true, focus: [wsScope, other], firstRowsShown });
  const socket = server.latest();
  await settled();
  socket.open();
  const [wsFew = "", otherFew = "", ...many] = workspaceIds(0, 12);
  socket.receive({ type: "syncing", scopes: [wsScope, other] });
  socket.receive(printed(wsScope, 0, false, [wsFew]));
  socket.receive(printed(other, 0, false, [otherFew]));
  socket.receive(printed(wsScope, 1, false, many.slice(0, 2)));
  socket.receive(printed(other, 1, false, many.slice(2, 4)));
  socket.receive(printed(wsScope, 2, true, many.slice(4, 7)));
  socket.receive(printed(other, 2, true, many.slice(7)));

  client.start();
  await written(client);
  expect(await db.workspaces.count()).toBe(6);

  show();
  await written(client);
  expect(await db.workspaces.count()).toBe(12);
});

test("without a screen to wait for, the rest goes on once the first parts are in", async () => {
  const { db, server, client } = earlyStart({ fresh: true });
  const socket = server.latest();
  await settled();
  socket.open();
  const [few = "", ...many] = workspaceIds(20, 6);
  socket.receive({ type: "syncing", scopes: [wsScope] });
  socket.receive(printed(wsScope, 0, false, [few]));
  socket.receive(printed(wsScope, 1, false, many.slice(0, 2)));
  socket.receive(printed(wsScope, 2, true, many.slice(2)));

  client.start();
  await written(client);
  expect(await db.workspaces.count()).toBe(6);
});
