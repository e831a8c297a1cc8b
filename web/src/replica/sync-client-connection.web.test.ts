import { expect, test } from "vitest";
import { HEARTBEAT_MS } from "./sync-client.ts";
import { readSyncState, writeCursor, writeScopes } from "./sync-state.ts";
import { alice, user, workspace, ws1 } from "./testing/rows.ts";
import { connected, hello, setup, wsScope } from "./testing/sync-client-setup.ts";
import { me, snapshotPart } from "./testing/sync-frames.ts";

// Connecting, resuming from the stored cursor, and staying connected or stopping.

test("sends hello with the stored cursor and scopes once the socket opens", async () => {
  const { db, server, client, statuses } = setup();
  await writeCursor(db, 17);
  await writeScopes(db, [me, wsScope]);

  client.start();
  const socket = server.latest();
  expect(socket.url).toBe("ws://localhost/api/v1/sync");
  expect(socket.sent).toEqual([]);
  socket.open();
  await client.idle();

  expect(socket.sent).toEqual([hello(17, [me, wsScope])]);
  expect(statuses).toEqual(["connecting"]);
});

test("applies what the server sends, in order, and goes live on ready", async () => {
  const { db, client, statuses, socket } = await connected();

  socket.receive(snapshotPart(me, [{ entity: "user", id: alice, data: user(alice) }], { position: 30 }));
  socket.receive(snapshotPart(wsScope, [{ entity: "workspace", id: ws1, data: workspace(ws1) }], { position: 30 }));
  socket.receive({ type: "ready", cursor: 30, scopes: [me, wsScope] });
  socket.receive({
    type: "changes",
    cursor: 31,
    rows: [
      {
        position: 31,
        scope: wsScope,
        entity: "workspace",
        id: ws1,
        op: "put",
        data: workspace(ws1, { name: "Live" }),
      },
    ],
  });
  await client.idle();

  expect(await db.users.count()).toBe(1);
  expect((await db.workspaces.get(ws1))?.name).toBe("Live");
  expect(await readSyncState(db)).toEqual({ cursor: 31, scopes: [me, wsScope] });
  expect(statuses).toEqual(["connecting", "live"]);
  expect(client.status).toBe("live");
});

test("reconnects after a drop with growing, capped backoff and resumes from the stored cursor", async () => {
  const { db, server, clock, client, statuses } = setup();
  client.start();
  server.latest().open();
  server
    .latest()
    .receive(snapshotPart(wsScope, [{ entity: "workspace", id: ws1, data: workspace(ws1) }], { position: 8 }));
  server.latest().receive({ type: "ready", cursor: 8, scopes: [wsScope] });
  await client.idle();

  server.latest().drop();
  expect(client.status).toBe("offline");
  const delays: number[] = [];
  for (let attempt = 0; attempt < 8; attempt += 1) {
    const delay = clock.pending()[0] ?? -1;
    delays.push(delay);
    clock.advance(delay);
    server.latest().drop();
  }
  expect(delays).toEqual([375, 750, 1500, 3000, 6000, 12000, 22500, 22500]);
  expect(server.sockets).toHaveLength(9);

  clock.advance(clock.pending()[0] ?? -1);
  const socket = server.latest();
  socket.open();
  await client.idle();
  expect(socket.sent).toEqual([hello(8, [wsScope])]);
  // Nothing was thrown away: the replica still shows what it had while offline.
  expect(await db.workspaces.count()).toBe(1);

  socket.receive({ type: "ready", cursor: 9, scopes: [wsScope] });
  await client.idle();
  socket.drop();
  expect(clock.pending()).toEqual([375]);
  expect(statuses.slice(0, 3)).toEqual(["connecting", "live", "offline"]);
  expect(statuses.slice(-3)).toEqual(["connecting", "live", "offline"]);
});

test("stop() closes the socket and never reconnects", async () => {
  const { server, clock, client, statuses, socket } = await connected();
  socket.receive({ type: "ready", cursor: 0, scopes: [] });
  await client.idle();

  client.stop();
  await Promise.resolve();

  expect(socket.closedWith).toEqual({ code: 1000, reason: "client stopped" });
  expect(clock.pending()).toEqual([]);
  expect(statuses.at(-1)).toBe("offline");
  clock.advance(60_000);
  expect(server.sockets).toHaveLength(1);
});

test("pings while connected and gives up a connection that stays silent, then reconnects", async () => {
  const { server, clock, client, statuses, socket } = await connected();
  socket.receive({ type: "ready", cursor: 0, scopes: [me] });
  await client.idle();

  clock.advance(HEARTBEAT_MS);
  expect(socket.sent.at(-1)).toEqual({ type: "ping" });
  socket.receive({ type: "pong" });
  await client.idle();
  clock.advance(HEARTBEAT_MS);
  expect(socket.sent.filter((message) => JSON.stringify(message) === '{"type":"ping"}')).toHaveLength(2);
  expect(socket.closedWith).toBeNull();

  // Silent for a whole interval after the second ping: the connection is dead.
  clock.advance(HEARTBEAT_MS);
  expect(socket.closedWith?.code).toBe(4000);
  expect(client.status).toBe("offline");
  expect(statuses.at(-1)).toBe("offline");
  clock.advance(clock.pending()[0] ?? -1);
  expect(server.sockets).toHaveLength(2);
});

test("reconnectNow skips the rest of the backoff, and does nothing while connected", async () => {
  const { server, clock, client } = setup();
  client.start();
  server.latest().open();
  server.latest().receive({ type: "ready", cursor: 0, scopes: [me] });
  await client.idle();
  client.reconnectNow();
  expect(server.sockets).toHaveLength(1);

  for (let drops = 0; drops < 5; drops += 1) {
    server.latest().drop();
    clock.advance(clock.pending()[0] ?? -1);
  }
  server.latest().drop();
  expect(clock.pending()[0]).toBeGreaterThan(5000);
  client.reconnectNow();
  expect(server.sockets).toHaveLength(7);
  expect(clock.pending()).toEqual([]);
});
