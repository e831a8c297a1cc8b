import { expect, test } from "vitest";
import { applySnapshot } from "./apply-sync.ts";
import type { SnapshotMessage } from "./server-message.ts";
import { readSyncState } from "./sync-state.ts";
import { alice, bob, member, workspace, ws1, ws2 } from "./testing/rows.ts";
import { me, snapshotPart, workspaceScope } from "./testing/sync-frames.ts";
import { openTestDb } from "./testing/test-db.ts";

// A snapshot's first part replaces its scope's rows, and only rows its tables can read go in.

test("replaces the rows of its scope and leaves other scopes alone", async () => {
  const { db } = openTestDb();
  await applySnapshot(
    db,
    snapshotPart(
      workspaceScope(ws1),
      [
        { entity: "workspace", id: ws1, data: workspace(ws1, { name: "Old" }) },
        { entity: "workspace_member", id: `${ws1}:${bob}`, data: member(ws1, bob) },
      ],
      { position: 5 },
    ),
  );
  await applySnapshot(
    db,
    snapshotPart(workspaceScope(ws2), [{ entity: "workspace", id: ws2, data: workspace(ws2) }], { position: 5 }),
  );

  await applySnapshot(
    db,
    snapshotPart(workspaceScope(ws1), [{ entity: "workspace", id: ws1, data: workspace(ws1, { name: "New" }) }], {
      position: 9,
    }),
  );

  expect(await db.workspaces.orderBy("id").toArray()).toEqual([
    { ...workspace(ws1, { name: "New" }), scopes: [workspaceScope(ws1)], _pending: 0 },
    { ...workspace(ws2), scopes: [workspaceScope(ws2)], _pending: 0 },
  ]);
  expect(await db.workspace_members.count()).toBe(0);
  expect(await readSyncState(db)).toEqual({ cursor: 0, scopes: [workspaceScope(ws1), workspaceScope(ws2)] });
});

test("keeps a row another held scope still has", async () => {
  const { db } = openTestDb();
  const mine = member(ws1, alice);
  await applySnapshot(db, snapshotPart(me, [{ entity: "workspace_member", id: mine.id, data: mine }], { position: 3 }));
  await applySnapshot(
    db,
    snapshotPart(workspaceScope(ws1), [{ entity: "workspace_member", id: mine.id, data: mine }], { position: 3 }),
  );

  await applySnapshot(db, snapshotPart(workspaceScope(ws1), [], { position: 4 }));

  expect(await db.workspace_members.get(mine.id)).toEqual({ ...mine, scopes: [me], _pending: 0 });
});

test.each([
  ["alone in their range", false],
  ["among many rows of my scope alone", true],
])("a large part keeps every scope of the rows it shares with another held scope, %s", async (_, crowded) => {
  const { db } = openTestDb();
  const row = (n: number) => {
    const id = `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
    return { entity: "workspace", id, data: workspace(id) };
  };
  const snapshot = (scope: string, rows: SnapshotMessage["rows"]) =>
    applySnapshot(db, snapshotPart(scope, rows, { position: 5 }));
  // The workspace's scope: every tenth row of 800; the first 20 of them are in my scope too, and
  // so, when crowded, is every row between them.
  const theirs = Array.from({ length: 80 }, (_, n) => row(n * 10));
  const between = crowded ? Array.from({ length: 800 }, (_, n) => n).filter((n) => n % 10 !== 0) : [];
  await snapshot(me, [...theirs.slice(0, 20), ...between.map(row)]);
  await snapshot(workspaceScope(ws1), theirs);

  const held = await db.workspaces.bulkGet(theirs.map((theirRow) => theirRow.id));
  expect(held.map((heldRow) => heldRow?.scopes)).toEqual([
    ...Array.from({ length: 20 }, () => [me, workspaceScope(ws1)]),
    ...Array.from({ length: 60 }, () => [workspaceScope(ws1)]),
  ]);
  expect(await db.workspaces.count()).toBe(80 + between.length);
});

test("ignores entities this client has no table for", async () => {
  const { db } = openTestDb();
  await applySnapshot(
    db,
    snapshotPart(
      workspaceScope(ws1),
      [
        { entity: "hologram", id: "x", data: { id: "x" } },
        { entity: "workspace", id: ws1, data: workspace(ws1) },
      ],
      { position: 1 },
    ),
  );
  expect(await db.workspaces.count()).toBe(1);
});

test("with a row that does not match its contract applies nothing", async () => {
  const { db } = openTestDb();
  const message = snapshotPart(
    workspaceScope(ws1),
    [
      { entity: "workspace", id: ws1, data: workspace(ws1) },
      { entity: "workspace", id: ws2, data: { id: ws2, name: 42 } },
    ],
    { position: 1 },
  );
  await expect(applySnapshot(db, message)).rejects.toThrow();
  expect(await db.workspaces.count()).toBe(0);
  expect(await readSyncState(db)).toEqual({ cursor: 0, scopes: [] });
});
