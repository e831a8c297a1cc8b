import { expect, test } from "vitest";
import type { SnapshotMessage } from "./server-message.ts";
import { readCaughtUpOnce, readSyncState, writeCursor, writeScopes } from "./sync-state.ts";
import { alice, member, user, workspace, ws1 } from "./testing/rows.ts";
import { hello, setup, wsScope } from "./testing/sync-client-setup.ts";
import { me, snapshotPart } from "./testing/sync-frames.ts";

// Sync protocol 7: the cursor moves while a catch-up's snapshots still come, and the hello names
// only the scopes held in full as of it, so a first sync cut short goes on from where it stopped.

const snapshot = (scope: string, part: number, last: boolean, rows: SnapshotMessage["rows"]) =>
  snapshotPart(scope, rows, { part, last, position: 30 });

test("a first sync cut short says, on reconnecting, the scopes it holds in full and the cursor they are as of", async () => {
  const { db, server, clock, client } = setup();
  client.start();
  const socket = server.latest();
  socket.open();
  socket.receive({ type: "syncing", scopes: [me, wsScope] });
  socket.receive(snapshot(me, 0, false, [{ entity: "user", id: alice, data: user(alice) }]));
  socket.receive(snapshot(wsScope, 0, false, [{ entity: "workspace", id: ws1, data: workspace(ws1) }]));
  socket.receive({ type: "changes", rows: [], cursor: 30 });
  socket.receive(snapshot(me, 1, true, []));
  socket.receive(snapshot(wsScope, 1, false, [{ entity: "workspace_member", id: "m1", data: member(ws1, alice) }]));
  await client.idle();
  expect(await readCaughtUpOnce(db)).toBe(false);
  socket.drop();

  clock.advance(clock.pending()[0] ?? -1);
  const again = server.latest();
  again.open();
  await client.idle();
  expect(again.sent).toEqual([hello(30, [me])]);
  // What came of the unfinished scope shows meanwhile.
  expect((await db.workspaces.get(ws1))?.name).toBe(workspace(ws1).name);
});

test("a scope sent again is not named as held from its first part until its last", async () => {
  const { db, server, clock, client } = setup();
  await writeCursor(db, 12);
  await writeScopes(db, [me, wsScope]);
  client.start();
  const socket = server.latest();
  socket.open();
  // The server sends the workspace's scope afresh (the cursor was too old for it, say).
  socket.receive({ type: "syncing", scopes: [wsScope] });
  socket.receive(snapshot(wsScope, 0, false, [{ entity: "workspace", id: ws1, data: workspace(ws1) }]));
  socket.receive({ type: "changes", rows: [], cursor: 30 });
  await client.idle();
  expect(await readSyncState(db)).toEqual({ cursor: 30, scopes: [me] });
  socket.drop();

  clock.advance(clock.pending()[0] ?? -1);
  const again = server.latest();
  again.open();
  await client.idle();
  expect(again.sent).toEqual([hello(30, [me])]);
  again.receive({ type: "syncing", scopes: [wsScope] });
  again.receive(snapshot(wsScope, 0, true, [{ entity: "workspace", id: ws1, data: workspace(ws1) }]));
  again.receive({ type: "ready", cursor: 30, scopes: [me, wsScope] });
  await client.idle();
  expect(await readSyncState(db)).toEqual({ cursor: 30, scopes: [me, wsScope] });
});

test("a replica whose cursor moved counts as caught up only once no snapshot is still coming", async () => {
  const { db, server, client } = setup();
  client.start();
  const socket = server.latest();
  socket.open();
  socket.receive({ type: "syncing", scopes: [me] });
  socket.receive(snapshot(me, 0, false, [{ entity: "user", id: alice, data: user(alice) }]));
  socket.receive({ type: "changes", rows: [], cursor: 30 });
  await client.idle();
  expect((await readSyncState(db)).cursor).toBe(30);
  expect(await readCaughtUpOnce(db)).toBe(false);
  socket.receive(snapshot(me, 1, true, []));
  socket.receive({ type: "ready", cursor: 30, scopes: [me] });
  await client.idle();
  expect(await readCaughtUpOnce(db)).toBe(true);
});
