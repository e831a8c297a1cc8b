import { SNAPSHOT_PART_ROWS, SYNC_PROTOCOL_VERSION } from "@hirestream/contracts/sync/messages.ts";
import { expect, test } from "vitest";
import { HEARTBEAT_MS, SyncClient, type SyncStatus } from "./sync-client.ts";
import { readScopeProgress, readSyncState, writeCursor, writeScopes } from "./sync-state.ts";
import { fakeSockets } from "./testing/fake-socket.ts";
import { ManualClock } from "./testing/manual-clock.ts";
import { alice, member, user, workspace, ws1 } from "./testing/rows.ts";
import { openTestDb } from "./testing/test-db.ts";

const me = `user:${alice}`;
const wsScope = `ws:${ws1}`;
const credentials = { "access-token": "token", client: "client", uid: "alice@example.com" };

function setup() {
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
  });
  return { db, server, clock, client, statuses, errors, refusals, expiredCalls: () => expired };
}

const hello = (cursor: number, scopes: string[]) => ({
  type: "hello",
  version: SYNC_PROTOCOL_VERSION,
  credentials,
  cursor,
  scopes,
  focus: [],
});

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
  const { db, server, client, statuses } = setup();
  client.start();
  const socket = server.latest();
  socket.open();

  socket.receive({
    type: "snapshot",
    part: 0,
    last: true,
    scope: me,
    position: 30,
    rows: [{ entity: "user", id: alice, data: user(alice) }],
  });
  socket.receive({
    type: "snapshot",
    part: 0,
    last: true,
    scope: wsScope,
    position: 30,
    rows: [{ entity: "workspace", id: ws1, data: workspace(ws1) }],
  });
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
  server.latest().receive({
    type: "snapshot",
    part: 0,
    last: true,
    scope: wsScope,
    position: 8,
    rows: [{ entity: "workspace", id: ws1, data: workspace(ws1) }],
  });
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

test("session-expired stops the client for good and says so once", async () => {
  const { server, clock, client, expiredCalls } = setup();
  client.start();
  const socket = server.latest();
  socket.open();

  socket.receive({ type: "session-expired" });
  await client.idle();
  socket.drop(4401);

  expect(expiredCalls()).toBe(1);
  expect(client.status).toBe("offline");
  expect(clock.pending()).toEqual([]);
  expect(server.sockets).toHaveLength(1);
  client.start();
  expect(server.sockets).toHaveLength(1);
});

test("a hello refused for its session ends the session too", async () => {
  const { server, clock, client, expiredCalls } = setup();
  client.start();
  const socket = server.latest();
  socket.open();

  socket.receive({ type: "error", code: "UNAUTHENTICATED", detail: "Session missing or expired" });
  await client.idle();

  expect(expiredCalls()).toBe(1);
  expect(socket.closedWith?.code).toBe(1000);
  expect(clock.pending()).toEqual([]);
});

test("a message the replica cannot read closes the socket, skips what followed on it, and reconnects", async () => {
  const { db, server, clock, client, errors } = setup();
  client.start();
  const socket = server.latest();
  socket.open();

  socket.receive("{not json");
  socket.receive({ type: "ready", cursor: 99, scopes: [] });
  await client.idle();
  await Promise.resolve();

  expect(errors.map((error) => error.message)).toEqual(["unreadable sync message"]);
  expect(socket.closedWith?.code).toBe(4000);
  expect((await readSyncState(db)).cursor).toBe(0);
  expect(clock.pending()).toEqual([375]);
});

test("other server errors are reported and the client tries again", async () => {
  const { server, clock, client, errors } = setup();
  client.start();
  const socket = server.latest();
  socket.open();

  socket.receive({ type: "error", code: "BAD_REQUEST", detail: "hello was already sent" });
  await client.idle();
  socket.drop(4400);

  expect(errors).toMatchObject([{ name: "SyncServerError", code: "BAD_REQUEST" }]);
  expect(clock.pending()).toEqual([375]);
});

test("a refused origin is told with the server's reason, shown as refused rather than offline, and tried again later", async () => {
  const { server, clock, client, statuses, refusals, errors } = setup();
  client.start();
  const socket = server.latest();
  socket.open();

  socket.receive({
    type: "error",
    code: "FORBIDDEN",
    detail: "This server does not accept pages from http://a.example",
  });
  await client.idle();
  socket.drop(4403);

  expect(refusals).toEqual(["This server does not accept pages from http://a.example"]);
  expect(errors).toEqual([]);
  expect(statuses).toEqual(["connecting", "refused"]);
  expect(client.status).toBe("refused");
  expect(clock.pending()).toEqual([375]);
});

test("stop() closes the socket and never reconnects", async () => {
  const { server, clock, client, statuses } = setup();
  client.start();
  const socket = server.latest();
  socket.open();
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
  const { server, clock, client, statuses } = setup();
  client.start();
  const socket = server.latest();
  socket.open();
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

test("applies a pile of live changes in one transaction, moving the cursor once", async () => {
  const { db, server, client } = setup();
  client.start();
  const socket = server.latest();
  socket.open();
  socket.receive({
    type: "snapshot",
    part: 0,
    last: true,
    scope: wsScope,
    position: 1,
    rows: [{ entity: "workspace", id: ws1, data: workspace(ws1) }],
  });
  socket.receive({ type: "ready", cursor: 1, scopes: [wsScope] });
  await client.idle();

  const rename = (cursor: number, name: string) => ({
    type: "changes",
    cursor,
    rows: [
      { position: cursor, scope: wsScope, entity: "workspace", id: ws1, op: "put", data: workspace(ws1, { name }) },
    ],
  });
  let cursorWrites = 0;
  db.meta.hook("creating", (key) => {
    if (key === "cursor") cursorWrites += 1;
  });
  db.meta.hook("updating", (_changes, key) => {
    if (key === "cursor") cursorWrites += 1;
  });
  for (let n = 2; n <= 30; n++) socket.receive(rename(n, `Name ${n}`));
  await client.idle();

  expect((await db.workspaces.get(ws1))?.name).toBe("Name 30");
  expect((await readSyncState(db)).cursor).toBe(30);
  // 29 frames arrived before the first drain ran: one application, one cursor write.
  expect(cursorWrites).toBe(1);
});

test("names the screen's focus in the hello and on its own after it, and answers each applied part", async () => {
  const { server, client } = setup();
  client.focus([me]);
  client.start();
  const socket = server.latest();
  socket.open();
  await client.idle();
  expect(socket.sent).toEqual([{ ...hello(0, []), focus: [me] }]);

  client.focus([wsScope, me]);
  client.focus([wsScope, me]);
  expect(socket.sent.slice(1)).toEqual([{ type: "focus", scopes: [wsScope, me] }]);

  socket.receive({ type: "syncing", scopes: [wsScope] });
  socket.receive({
    type: "snapshot",
    part: 0,
    last: false,
    scope: wsScope,
    position: 3,
    rows: [{ entity: "workspace", id: ws1, data: workspace(ws1) }],
  });
  await client.idle();
  expect(socket.sent.slice(2)).toEqual([{ type: "applied" }]);
});

test("knows which scopes a catch-up still sends and when every scope's few rows are in", async () => {
  const { db, server, client } = setup();
  client.start();
  const socket = server.latest();
  socket.open();
  await client.idle();
  expect(await readScopeProgress(db)).toEqual({ held: new Set(), outlined: false });

  socket.receive({ type: "syncing", scopes: [me, wsScope] });
  const part = (
    scope: string,
    index: number,
    last: boolean,
    rows: { entity: string; id: string; data: Record<string, unknown> }[],
  ) => socket.receive({ type: "snapshot", part: index, last, scope, position: 5, rows });
  part(me, 0, false, [{ entity: "user", id: alice, data: user(alice) }]);
  await client.idle();
  expect(await readScopeProgress(db)).toEqual({ held: new Set(), outlined: false });

  part(wsScope, 0, false, [{ entity: "workspace", id: ws1, data: workspace(ws1) }]);
  part(me, 1, true, []);
  await client.idle();
  expect(await readScopeProgress(db)).toEqual({ held: new Set([me]), outlined: true });

  part(wsScope, 1, true, []);
  socket.receive({ type: "ready", cursor: 5, scopes: [me, wsScope] });
  await client.idle();
  expect(await readScopeProgress(db)).toEqual({ held: new Set([me, wsScope]), outlined: true });

  // A new catch-up of a scope held before: coming again, so not held until its last part.
  socket.receive({ type: "syncing", scopes: [wsScope] });
  await client.idle();
  expect(await readScopeProgress(db)).toEqual({ held: new Set([me]), outlined: false });
});

test("a catch-up's first parts wait for one another and go in together, in one transaction", async () => {
  const { db, server, client } = setup();
  client.start();
  const socket = server.latest();
  socket.open();
  await client.idle();
  const transactions = new Set<unknown>();
  const seen = (_key: unknown, _row: unknown, transaction: unknown) => {
    transactions.add(transaction);
  };
  db.users.hook("creating", seen);
  db.workspaces.hook("creating", seen);
  const answers = () => socket.sent.filter((sent) => JSON.stringify(sent) === '{"type":"applied"}').length;

  socket.receive({ type: "syncing", scopes: [me, wsScope] });
  socket.receive({
    type: "snapshot",
    part: 0,
    last: false,
    scope: me,
    position: 5,
    rows: [{ entity: "user", id: alice, data: user(alice) }],
  });
  await client.idle();
  expect(await db.users.count()).toBe(0);
  expect(answers()).toBe(0);

  socket.receive({
    type: "snapshot",
    part: 0,
    last: false,
    scope: wsScope,
    position: 5,
    rows: [{ entity: "workspace", id: ws1, data: workspace(ws1) }],
  });
  await client.idle();
  expect(await db.users.count()).toBe(1);
  expect(await db.workspaces.count()).toBe(1);
  expect(transactions.size).toBe(1);
  expect(answers()).toBe(2);
  expect(await readScopeProgress(db)).toEqual({ held: new Set(), outlined: true });

  // The many rows go in as they come.
  socket.receive({ type: "snapshot", part: 1, last: true, scope: me, position: 5, rows: [] });
  await client.idle();
  expect(answers()).toBe(3);
  expect((await readSyncState(db)).scopes).toEqual([me]);
});

test("a scope's few rows in several parts go in as they come, and are in once a part without `more` is", async () => {
  const { db, server, client } = setup();
  client.start();
  const socket = server.latest();
  socket.open();
  await client.idle();
  const members = (from: number, count: number) =>
    Array.from({ length: count }, (_, n) => {
      const userId = `00000000-0000-4000-8000-${String(from + n).padStart(12, "0")}`;
      return { entity: "workspace_member", id: `${ws1}:${userId}`, data: member(ws1, userId) };
    });
  socket.receive({ type: "syncing", scopes: [me, wsScope] });
  socket.receive({ type: "snapshot", part: 0, last: false, scope: me, position: 5, rows: [] });
  socket.receive({
    type: "snapshot",
    part: 0,
    last: false,
    more: true,
    scope: wsScope,
    position: 5,
    rows: members(0, SNAPSHOT_PART_ROWS),
  });
  await client.idle();
  // A part's worth waits for nothing, but the scope's few rows are not all in.
  expect(await db.workspace_members.count()).toBe(SNAPSHOT_PART_ROWS);
  expect(await readScopeProgress(db)).toEqual({ held: new Set(), outlined: false });

  socket.receive({ type: "snapshot", part: 1, last: false, scope: wsScope, position: 5, rows: members(5000, 3) });
  await client.idle();
  expect(await db.workspace_members.count()).toBe(SNAPSHOT_PART_ROWS + 3);
  expect(await readScopeProgress(db)).toEqual({ held: new Set(), outlined: true });
});
