import { expect, test } from "vitest";
import { readSyncState } from "./sync-state.ts";
import { connected } from "./testing/sync-client-setup.ts";

// What the server refuses, and messages the replica cannot read: when the client ends, and when it tries again.

test("session-expired stops the client for good and says so once", async () => {
  const { server, clock, client, expiredCalls, socket } = await connected();

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
  const { clock, client, expiredCalls, socket } = await connected();

  socket.receive({ type: "error", code: "UNAUTHENTICATED", detail: "Session missing or expired" });
  await client.idle();

  expect(expiredCalls()).toBe(1);
  expect(socket.closedWith?.code).toBe(1000);
  expect(clock.pending()).toEqual([]);
});

test("a message the replica cannot read closes the socket, skips what followed on it, and reconnects", async () => {
  const { db, clock, client, errors, socket } = await connected();

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
  const { clock, client, errors, socket } = await connected();

  socket.receive({ type: "error", code: "BAD_REQUEST", detail: "hello was already sent" });
  await client.idle();
  socket.drop(4400);

  expect(errors).toMatchObject([{ name: "SyncServerError", code: "BAD_REQUEST" }]);
  expect(clock.pending()).toEqual([375]);
});

test("a refused origin is told with the server's reason, shown as refused rather than offline, and tried again later", async () => {
  const { clock, client, statuses, refusals, errors, socket } = await connected();

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
