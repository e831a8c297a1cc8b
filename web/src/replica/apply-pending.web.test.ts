import { expect, test } from "vitest";
import { applyChanges, applySnapshot, dropScope } from "./apply-sync.ts";
import { type Command, mutate } from "./outbox.ts";
import { settleEntry } from "./outbox-settle.ts";
import type { SyncRow } from "./server-message.ts";
import { writeCursor, writeScopes } from "./sync-state.ts";
import { workspace, ws1 } from "./testing/rows.ts";
import { snapshotPart, workspaceScope } from "./testing/sync-frames.ts";
import { openTestDb } from "./testing/test-db.ts";

// Rows with writes of this browser pending: the server's rows wait in the outbox's before-images.

const renameWs1 = (name: string): Command => ({
  method: "PUT",
  path: `/workspaces/${ws1}`,
  body: { name },
  optimistic: [{ table: "workspaces", id: ws1, next: workspace(ws1, { name }) }],
});

test("a snapshot keeps the optimistic row and makes the server's row its before-image", async () => {
  const { db } = openTestDb();
  await writeScopes(db, [workspaceScope(ws1)]);
  await applyChanges(db, {
    type: "changes",
    cursor: 1,
    rows: [{ position: 1, scope: workspaceScope(ws1), entity: "workspace", id: ws1, op: "put", data: workspace(ws1) }],
  });
  await mutate(db, renameWs1("Mine"));

  const theirs = workspace(ws1, { name: "Theirs", description: "changed elsewhere" });
  await applySnapshot(db, snapshotPart(workspaceScope(ws1), [{ entity: "workspace", id: ws1, data: theirs }]));

  expect(await db.workspaces.get(ws1)).toEqual({
    ...workspace(ws1, { name: "Mine" }),
    scopes: [workspaceScope(ws1)],
    _pending: 1,
  });
  const [entry] = await db.outbox.toArray();
  expect(entry?.beforeImages.workspaces[ws1]).toEqual({
    row: { ...theirs, scopes: [workspaceScope(ws1)], _pending: 0 },
    fromServer: true,
  });

  // Once the command is refused, what the server holds now shows, not what it held before.
  await settleEntry(db, entry?.seq ?? -1, { accepted: false });
  expect(await db.workspaces.get(ws1)).toEqual({ ...theirs, scopes: [workspaceScope(ws1)], _pending: 0 });
});

test("a deletion from the server waits in the before-image too", async () => {
  const { db } = openTestDb();
  await applyChanges(db, {
    type: "changes",
    cursor: 1,
    rows: [{ position: 1, scope: workspaceScope(ws1), entity: "workspace", id: ws1, op: "put", data: workspace(ws1) }],
  });
  await mutate(db, renameWs1("Mine"));

  await dropScope(db, workspaceScope(ws1));

  expect((await db.workspaces.get(ws1))?.name).toBe("Mine");
  const [entry] = await db.outbox.toArray();
  expect(entry?.beforeImages.workspaces[ws1]).toEqual({ row: null, fromServer: true });
  await settleEntry(db, entry?.seq ?? -1, { accepted: false });
  expect(await db.workspaces.count()).toBe(0);
});

test("changes skip the optimistic row until the outbox lets go of it", async () => {
  const { db } = openTestDb();
  await writeCursor(db, 1);
  await mutate(db, renameWs1("Mine"));
  const server = (name: string, position: number): SyncRow => ({
    position,
    scope: workspaceScope(ws1),
    entity: "workspace",
    id: ws1,
    op: "put",
    data: workspace(ws1, { name }),
  });

  await applyChanges(db, { type: "changes", cursor: 2, rows: [server("Mine", 2)] });
  expect((await db.workspaces.get(ws1))?._pending).toBe(1);

  const [entry] = await db.outbox.toArray();
  await settleEntry(db, entry?.seq ?? -1, { accepted: true, position: 2 });
  expect(await db.workspaces.get(ws1)).toEqual({
    ...workspace(ws1, { name: "Mine" }),
    scopes: [workspaceScope(ws1)],
    _pending: 0,
  });

  await applyChanges(db, { type: "changes", cursor: 3, rows: [server("Later", 3)] });
  expect((await db.workspaces.get(ws1))?.name).toBe("Later");
});
