import { SNAPSHOT_PART_ROWS } from "@hirestream/contracts/sync/messages.ts";
import { expect, test } from "vitest";
import { readScopeProgress, readSyncState } from "./sync-state.ts";
import { alice, member, user, workspace, ws1 } from "./testing/rows.ts";
import { answers, connected, hello, setup, wsScope } from "./testing/sync-client-setup.ts";
import { me, snapshotPart } from "./testing/sync-frames.ts";

// A catch-up and live changes: what goes in together, what is answered, and what the screens learn.

test("applies a pile of live changes in one transaction, moving the cursor once", async () => {
  const { db, client, socket } = await connected();
  socket.receive(snapshotPart(wsScope, [{ entity: "workspace", id: ws1, data: workspace(ws1) }], { position: 1 }));
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
  socket.receive(
    snapshotPart(wsScope, [{ entity: "workspace", id: ws1, data: workspace(ws1) }], { last: false, position: 3 }),
  );
  await client.idle();
  expect(socket.sent.slice(2)).toEqual([{ type: "applied" }]);
});

test("knows which scopes a catch-up still sends and when every scope's few rows are in", async () => {
  const { db, client, socket } = await connected();
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

  // A new catch-up of a scope held before: said with the scope's first part, whose rows replace
  // those held, and from then on coming again, so not held until its last part.
  socket.receive({ type: "syncing", scopes: [wsScope] });
  await client.idle();
  expect(await readScopeProgress(db)).toEqual({ held: new Set([me, wsScope]), outlined: true });
  part(wsScope, 0, false, [{ entity: "workspace", id: ws1, data: workspace(ws1) }]);
  await client.idle();
  expect(await readScopeProgress(db)).toEqual({ held: new Set([me]), outlined: true });
});

test("a catch-up's first parts wait for one another and go in together, in one transaction", async () => {
  const { db, client, socket } = await connected();
  const transactions = new Set<unknown>();
  const seen = (_key: unknown, _row: unknown, transaction: unknown) => {
    transactions.add(transaction);
  };
  db.users.hook("creating", seen);
  db.workspaces.hook("creating", seen);

  socket.receive({ type: "syncing", scopes: [me, wsScope] });
  socket.receive(snapshotPart(me, [{ entity: "user", id: alice, data: user(alice) }], { last: false, position: 5 }));
  await client.idle();
  expect(await db.users.count()).toBe(0);
  expect(answers(socket.sent)).toBe(0);

  socket.receive(
    snapshotPart(wsScope, [{ entity: "workspace", id: ws1, data: workspace(ws1) }], { last: false, position: 5 }),
  );
  await client.idle();
  expect(await db.users.count()).toBe(1);
  expect(await db.workspaces.count()).toBe(1);
  expect(transactions.size).toBe(1);
  expect(answers(socket.sent)).toBe(2);
  expect(await readScopeProgress(db)).toEqual({ held: new Set(), outlined: true });

  // The many rows go in as they come.
  socket.receive({ type: "snapshot", part: 1, last: true, scope: me, position: 5, rows: [] });
  await client.idle();
  expect(answers(socket.sent)).toBe(3);
  expect((await readSyncState(db)).scopes).toEqual([me]);
});

test("a scope's few rows in several parts go in as they come, and are in once a part without `more` is", async () => {
  const { db, client, socket } = await connected();
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
