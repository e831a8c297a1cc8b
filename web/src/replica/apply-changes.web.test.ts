import { expect, test } from "vitest";
import { applyChanges, applyReady, applySnapshot, dropScope } from "./apply-sync.ts";
import type { SyncRow } from "./server-message.ts";
import { readSyncState } from "./sync-state.ts";
import { alice, bob, member, user, workspace, ws1, ws2 } from "./testing/rows.ts";
import { me, snapshotPart, workspaceScope } from "./testing/sync-frames.ts";
import { openTestDb } from "./testing/test-db.ts";

// Live changes, a scope dropped and the catch-up's `ready`: what each does to the rows and the cursor.

test("changes apply in order and move the cursor", async () => {
  const { db } = openTestDb();
  await applyChanges(db, {
    type: "changes",
    cursor: 12,
    rows: [
      { position: 10, scope: workspaceScope(ws1), entity: "workspace", id: ws1, op: "put", data: workspace(ws1) },
      { position: 10, scope: workspaceScope(ws2), entity: "workspace", id: ws2, op: "put", data: workspace(ws2) },
      {
        position: 11,
        scope: workspaceScope(ws1),
        entity: "workspace",
        id: ws1,
        op: "put",
        data: workspace(ws1, { name: "Renamed" }),
      },
      { position: 12, scope: workspaceScope(ws2), entity: "workspace", id: ws2, op: "del", data: null },
      { position: 12, scope: me, entity: "user", id: alice, op: "put", data: user(alice) },
    ],
  });

  expect(await db.workspaces.toArray()).toEqual([
    { ...workspace(ws1, { name: "Renamed" }), scopes: [workspaceScope(ws1)], _pending: 0 },
  ]);
  expect(await db.users.get(alice)).toEqual({ ...user(alice), scopes: [me], _pending: 0 });
  expect((await readSyncState(db)).cursor).toBe(12);
});

test("a row put in two scopes is deleted once both let go", async () => {
  const { db } = openTestDb();
  const mine = member(ws1, alice);
  const put = (scope: string): SyncRow => ({
    position: 1,
    scope,
    entity: "workspace_member",
    id: mine.id,
    op: "put",
    data: mine,
  });
  const del = (scope: string): SyncRow => ({
    position: 2,
    scope,
    entity: "workspace_member",
    id: mine.id,
    op: "del",
    data: null,
  });
  await applyChanges(db, { type: "changes", cursor: 1, rows: [put(workspaceScope(ws1)), put(me)] });
  expect((await db.workspace_members.get(mine.id))?.scopes).toEqual([workspaceScope(ws1), me]);

  await applyChanges(db, { type: "changes", cursor: 1, rows: [del(workspaceScope(ws1))] });
  expect((await db.workspace_members.get(mine.id))?.scopes).toEqual([me]);
  await applyChanges(db, { type: "changes", cursor: 2, rows: [del(me)] });
  expect(await db.workspace_members.get(mine.id)).toBeUndefined();
});

test("a dropped scope takes exactly its rows and is forgotten", async () => {
  const { db } = openTestDb();
  const mine = member(ws1, alice);
  await applySnapshot(
    db,
    snapshotPart(
      workspaceScope(ws1),
      [
        { entity: "workspace", id: ws1, data: workspace(ws1) },
        { entity: "workspace_member", id: mine.id, data: mine },
        { entity: "workspace_member", id: `${ws1}:${bob}`, data: member(ws1, bob) },
      ],
      { position: 2 },
    ),
  );
  await applySnapshot(
    db,
    snapshotPart(workspaceScope(ws2), [{ entity: "workspace", id: ws2, data: workspace(ws2) }], { position: 2 }),
  );
  await applySnapshot(
    db,
    snapshotPart(
      me,
      [
        { entity: "user", id: alice, data: user(alice) },
        { entity: "workspace_member", id: mine.id, data: mine },
      ],
      { position: 2 },
    ),
  );

  await dropScope(db, workspaceScope(ws1));

  expect(await db.workspaces.toCollection().primaryKeys()).toEqual([ws2]);
  expect(await db.workspace_members.toArray()).toEqual([{ ...mine, scopes: [me], _pending: 0 }]);
  expect(await db.users.count()).toBe(1);
  expect((await readSyncState(db)).scopes).toEqual([workspaceScope(ws2), me]);
});

test("ready moves the cursor and takes the server's scopes, dropping any it no longer lists", async () => {
  const { db } = openTestDb();
  await applySnapshot(
    db,
    snapshotPart(workspaceScope(ws2), [{ entity: "workspace", id: ws2, data: workspace(ws2) }], { position: 2 }),
  );

  await applyReady(db, { type: "ready", cursor: 40, scopes: [me] });

  expect(await db.workspaces.count()).toBe(0);
  expect(await readSyncState(db)).toEqual({ cursor: 40, scopes: [me] });
});
