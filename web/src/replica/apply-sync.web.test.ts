import { describe, expect, test } from "vitest";
import { person } from "../components/pipeline/testing/pipeline-rows.ts";
import { applyChanges, applyReady, applySnapshot, applySnapshots, dropScope } from "./apply-sync.ts";
import { type Command, mutate } from "./outbox.ts";
import { settleEntry } from "./outbox-settle.ts";
import type { SnapshotMessage, SyncRow } from "./server-message.ts";
import { readSyncState, writeCursor, writeScopes } from "./sync-state.ts";
import { alice, bob, member, user, workspace, ws1, ws2 } from "./testing/rows.ts";
import { openTestDb } from "./testing/test-db.ts";

const wsScope = (id: string) => `ws:${id}`;
const me = `user:${alice}`;

describe("snapshot", () => {
  test("in parts: the first replaces the scope's rows, later ones add, and the scope is held after the last", async () => {
    const { db } = openTestDb();
    const part = (index: number, last: boolean, ids: string[]) =>
      applySnapshot(db, {
        type: "snapshot",
        part: index,
        last,
        scope: wsScope(ws1),
        position: 7,
        rows: ids.map((id) => ({ entity: "workspace_member", id: `${ws1}:${id}`, data: member(ws1, id) })),
      });
    await part(0, true, [bob]);
    await part(0, false, [alice]);
    expect(await db.workspace_members.toCollection().primaryKeys()).toEqual([`${ws1}:${alice}`]);
    // Sent again, the scope is not held from its first part until its last: a reconnect asks for it again.
    expect((await readSyncState(db)).scopes).toEqual([]);
    await dropScope(db, wsScope(ws1));
    await part(0, false, [alice]);
    expect((await readSyncState(db)).scopes).toEqual([]);
    await part(1, true, [bob]);
    expect((await db.workspace_members.toCollection().primaryKeys()).sort()).toEqual(
      [`${ws1}:${alice}`, `${ws1}:${bob}`].sort(),
    );
    expect((await readSyncState(db)).scopes).toEqual([wsScope(ws1)]);
  });

  test("a row sent again as the same adds its scope to the row held; one held nowhere is passed over", async () => {
    const { db } = openTestDb();
    const snapshot = (scope: string, rows: SnapshotMessage["rows"]) =>
      applySnapshot(db, { type: "snapshot", part: 0, last: true, scope, position: 7, rows });
    await snapshot(me, [{ entity: "workspace", id: ws1, data: workspace(ws1, { name: "Pool and workspace" }) }]);
    await snapshot(wsScope(ws1), [
      { entity: "workspace", id: ws1, same: true },
      { entity: "workspace", id: ws2, same: true },
    ]);
    expect(await db.workspaces.get(ws1)).toMatchObject({ name: "Pool and workspace", scopes: [me, wsScope(ws1)] });
    expect(await db.workspaces.get(ws2)).toBeUndefined();
    // Leaving the workspace keeps the row, held by the other scope still.
    await dropScope(db, wsScope(ws1));
    expect(await db.workspaces.get(ws1)).toMatchObject({ name: "Pool and workspace", scopes: [me] });
  });

  test("a person's workspaces are the workspace scopes that hold it here, whatever its data says", async () => {
    const { db } = openTestDb();
    const { scopes: _scopes, _pending, workspace_ids: _named, ...sent } = person(1, { workspace_ids: [ws2] });
    const snapshot = (scope: string, rows: SnapshotMessage["rows"]) =>
      applySnapshot(db, { type: "snapshot", part: 0, last: true, scope, position: 7, rows });
    await snapshot(me, [{ entity: "person", id: sent.id, data: sent }]);
    expect((await db.people.get(sent.id))?.workspace_ids).toEqual([]);
    await snapshot(wsScope(ws1), [{ entity: "person", id: sent.id, same: true }]);
    expect((await db.people.get(sent.id))?.workspace_ids).toEqual([ws1]);
    await applyChanges(db, {
      type: "changes",
      cursor: 9,
      rows: [
        // As a change logged before protocol 5 has it: naming workspaces, which are not taken.
        {
          position: 9,
          entity: "person",
          id: sent.id,
          scope: wsScope(ws2),
          op: "put",
          data: { ...sent, title: "Lead", workspace_ids: [ws1, "00000000-0000-4000-8000-0000000000ff"] },
        },
      ],
    });
    expect(await db.people.get(sent.id)).toMatchObject({ title: "Lead", workspace_ids: [ws1, ws2] });
    expect(await db.people.where("workspace_ids").equals(ws2).primaryKeys()).toEqual([sent.id]);
    await dropScope(db, wsScope(ws1));
    expect((await db.people.get(sent.id))?.workspace_ids).toEqual([ws2]);
  });

  test("a row in full naming other scopes is held by all of them, in one write", async () => {
    const { db } = openTestDb();
    const { scopes: _scopes, _pending, workspace_ids: _named, ...sent } = person(1);
    let writes = 0;
    db.people.hook("creating", () => {
      writes += 1;
    });
    db.people.hook("updating", () => {
      writes += 1;
    });
    const part = (scope: string, index: number, rows: SnapshotMessage["rows"]) =>
      applySnapshot(db, { type: "snapshot", part: index, last: index > 0, scope, position: 7, rows });
    await part(me, 0, []);
    await part(wsScope(ws1), 0, []);
    await part(me, 1, [{ entity: "person", id: sent.id, data: sent, also: [wsScope(ws1)] }]);
    expect(await db.people.get(sent.id)).toMatchObject({ scopes: [me, wsScope(ws1)], workspace_ids: [ws1] });
    expect(await db.people.where("workspace_ids").equals(ws1).primaryKeys()).toEqual([sent.id]);
    expect(writes).toBe(1);
    // The workspace's own snapshot leaves it out; it stays held by both until one lets go.
    await part(wsScope(ws1), 1, []);
    expect((await readSyncState(db)).scopes).toEqual([me, wsScope(ws1)]);
    await dropScope(db, me);
    expect(await db.people.get(sent.id)).toMatchObject({ scopes: [wsScope(ws1)], workspace_ids: [ws1] });
  });

  test("parts of several scopes in one transaction end as they would one after another, a row they share written once", async () => {
    const { db } = openTestDb();
    await applySnapshot(db, {
      type: "snapshot",
      part: 0,
      last: true,
      scope: wsScope(ws2),
      position: 3,
      rows: [{ entity: "workspace_member", id: `${ws2}:${bob}`, data: member(ws2, bob) }],
    });
    const { scopes: _scopes, _pending, workspace_ids: _named, ...sent } = person(1);
    let writes = 0;
    db.people.hook("creating", () => {
      writes += 1;
    });
    db.people.hook("updating", () => {
      writes += 1;
    });
    const part = (scope: string, index: number, last: boolean, rows: SnapshotMessage["rows"]): SnapshotMessage => ({
      type: "snapshot",
      part: index,
      last,
      scope,
      position: 7,
      rows,
    });
    await applySnapshots(db, [
      part(me, 0, false, [{ entity: "user", id: alice, data: user(alice) }]),
      // A fresh part 0 of a scope held before replaces its rows.
      part(wsScope(ws2), 0, false, [{ entity: "workspace", id: ws2, data: workspace(ws2) }]),
      part(me, 1, true, [{ entity: "person", id: sent.id, data: sent }]),
      part(wsScope(ws2), 1, true, [{ entity: "person", id: sent.id, same: true }]),
    ]);
    expect(await db.users.get(alice)).toMatchObject({ scopes: [me] });
    expect(await db.workspace_members.count()).toBe(0);
    expect(await db.workspaces.get(ws2)).toMatchObject({ scopes: [wsScope(ws2)] });
    expect(await db.people.get(sent.id)).toMatchObject({ scopes: [me, wsScope(ws2)], workspace_ids: [ws2] });
    expect(writes).toBe(1);
    // The part 0 took the workspace out of the scopes held; its last part put it back, after mine.
    expect((await readSyncState(db)).scopes).toEqual([me, wsScope(ws2)]);
  });

  test("replaces the rows of its scope and leaves other scopes alone", async () => {
    const { db } = openTestDb();
    await applySnapshot(db, {
      type: "snapshot",
      part: 0,
      last: true,
      scope: wsScope(ws1),
      position: 5,
      rows: [
        { entity: "workspace", id: ws1, data: workspace(ws1, { name: "Old" }) },
        { entity: "workspace_member", id: `${ws1}:${bob}`, data: member(ws1, bob) },
      ],
    });
    await applySnapshot(db, {
      type: "snapshot",
      part: 0,
      last: true,
      scope: wsScope(ws2),
      position: 5,
      rows: [{ entity: "workspace", id: ws2, data: workspace(ws2) }],
    });

    await applySnapshot(db, {
      type: "snapshot",
      part: 0,
      last: true,
      scope: wsScope(ws1),
      position: 9,
      rows: [{ entity: "workspace", id: ws1, data: workspace(ws1, { name: "New" }) }],
    });

    expect(await db.workspaces.orderBy("id").toArray()).toEqual([
      { ...workspace(ws1, { name: "New" }), scopes: [wsScope(ws1)], _pending: 0 },
      { ...workspace(ws2), scopes: [wsScope(ws2)], _pending: 0 },
    ]);
    expect(await db.workspace_members.count()).toBe(0);
    expect(await readSyncState(db)).toEqual({ cursor: 0, scopes: [wsScope(ws1), wsScope(ws2)] });
  });

  test("keeps a row another held scope still has", async () => {
    const { db } = openTestDb();
    const mine = member(ws1, alice);
    await applySnapshot(db, {
      type: "snapshot",
      part: 0,
      last: true,
      scope: me,
      position: 3,
      rows: [{ entity: "workspace_member", id: mine.id, data: mine }],
    });
    await applySnapshot(db, {
      type: "snapshot",
      part: 0,
      last: true,
      scope: wsScope(ws1),
      position: 3,
      rows: [{ entity: "workspace_member", id: mine.id, data: mine }],
    });

    await applySnapshot(db, { type: "snapshot", part: 0, last: true, scope: wsScope(ws1), position: 4, rows: [] });

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
      applySnapshot(db, { type: "snapshot", part: 0, last: true, scope, position: 5, rows });
    // The workspace's scope: every tenth row of 800; the first 20 of them are in my scope too, and
    // so, when crowded, is every row between them.
    const theirs = Array.from({ length: 80 }, (_, n) => row(n * 10));
    const between = crowded ? Array.from({ length: 800 }, (_, n) => n).filter((n) => n % 10 !== 0) : [];
    await snapshot(me, [...theirs.slice(0, 20), ...between.map(row)]);
    await snapshot(wsScope(ws1), theirs);

    const held = await db.workspaces.bulkGet(theirs.map((theirRow) => theirRow.id));
    expect(held.map((heldRow) => heldRow?.scopes)).toEqual([
      ...Array.from({ length: 20 }, () => [me, wsScope(ws1)]),
      ...Array.from({ length: 60 }, () => [wsScope(ws1)]),
    ]);
    expect(await db.workspaces.count()).toBe(80 + between.length);
  });

  test("ignores entities this client has no table for", async () => {
    const { db } = openTestDb();
    await applySnapshot(db, {
      type: "snapshot",
      part: 0,
      last: true,
      scope: wsScope(ws1),
      position: 1,
      rows: [
        { entity: "hologram", id: "x", data: { id: "x" } },
        { entity: "workspace", id: ws1, data: workspace(ws1) },
      ],
    });
    expect(await db.workspaces.count()).toBe(1);
  });

  test("with a row that does not match its contract applies nothing", async () => {
    const { db } = openTestDb();
    const message: SnapshotMessage = {
      type: "snapshot",
      part: 0,
      last: true,
      scope: wsScope(ws1),
      position: 1,
      rows: [
        { entity: "workspace", id: ws1, data: workspace(ws1) },
        { entity: "workspace", id: ws2, data: { id: ws2, name: 42 } },
      ],
    };
    await expect(applySnapshot(db, message)).rejects.toThrow();
    expect(await db.workspaces.count()).toBe(0);
    expect(await readSyncState(db)).toEqual({ cursor: 0, scopes: [] });
  });
});

describe("changes", () => {
  test("apply in order and move the cursor", async () => {
    const { db } = openTestDb();
    await applyChanges(db, {
      type: "changes",
      cursor: 12,
      rows: [
        { position: 10, scope: wsScope(ws1), entity: "workspace", id: ws1, op: "put", data: workspace(ws1) },
        { position: 10, scope: wsScope(ws2), entity: "workspace", id: ws2, op: "put", data: workspace(ws2) },
        {
          position: 11,
          scope: wsScope(ws1),
          entity: "workspace",
          id: ws1,
          op: "put",
          data: workspace(ws1, { name: "Renamed" }),
        },
        { position: 12, scope: wsScope(ws2), entity: "workspace", id: ws2, op: "del", data: null },
        { position: 12, scope: me, entity: "user", id: alice, op: "put", data: user(alice) },
      ],
    });

    expect(await db.workspaces.toArray()).toEqual([
      { ...workspace(ws1, { name: "Renamed" }), scopes: [wsScope(ws1)], _pending: 0 },
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
    await applyChanges(db, { type: "changes", cursor: 1, rows: [put(wsScope(ws1)), put(me)] });
    expect((await db.workspace_members.get(mine.id))?.scopes).toEqual([wsScope(ws1), me]);

    await applyChanges(db, { type: "changes", cursor: 1, rows: [del(wsScope(ws1))] });
    expect((await db.workspace_members.get(mine.id))?.scopes).toEqual([me]);
    await applyChanges(db, { type: "changes", cursor: 2, rows: [del(me)] });
    expect(await db.workspace_members.get(mine.id)).toBeUndefined();
  });
});

describe("drop-scope", () => {
  test("deletes exactly that scope's rows and forgets the scope", async () => {
    const { db } = openTestDb();
    const mine = member(ws1, alice);
    await applySnapshot(db, {
      type: "snapshot",
      part: 0,
      last: true,
      scope: wsScope(ws1),
      position: 2,
      rows: [
        { entity: "workspace", id: ws1, data: workspace(ws1) },
        { entity: "workspace_member", id: mine.id, data: mine },
        { entity: "workspace_member", id: `${ws1}:${bob}`, data: member(ws1, bob) },
      ],
    });
    await applySnapshot(db, {
      type: "snapshot",
      part: 0,
      last: true,
      scope: wsScope(ws2),
      position: 2,
      rows: [{ entity: "workspace", id: ws2, data: workspace(ws2) }],
    });
    await applySnapshot(db, {
      type: "snapshot",
      part: 0,
      last: true,
      scope: me,
      position: 2,
      rows: [
        { entity: "user", id: alice, data: user(alice) },
        { entity: "workspace_member", id: mine.id, data: mine },
      ],
    });

    await dropScope(db, wsScope(ws1));

    expect(await db.workspaces.toCollection().primaryKeys()).toEqual([ws2]);
    expect(await db.workspace_members.toArray()).toEqual([{ ...mine, scopes: [me], _pending: 0 }]);
    expect(await db.users.count()).toBe(1);
    expect((await readSyncState(db)).scopes).toEqual([wsScope(ws2), me]);
  });
});

describe("ready", () => {
  test("moves the cursor and takes the server's scopes, dropping any it no longer lists", async () => {
    const { db } = openTestDb();
    await applySnapshot(db, {
      type: "snapshot",
      part: 0,
      last: true,
      scope: wsScope(ws2),
      position: 2,
      rows: [{ entity: "workspace", id: ws2, data: workspace(ws2) }],
    });

    await applyReady(db, { type: "ready", cursor: 40, scopes: [me] });

    expect(await db.workspaces.count()).toBe(0);
    expect(await readSyncState(db)).toEqual({ cursor: 40, scopes: [me] });
  });
});

describe("rows with pending writes", () => {
  const renameWs1 = (name: string): Command => ({
    method: "PUT",
    path: `/workspaces/${ws1}`,
    body: { name },
    optimistic: [{ table: "workspaces", id: ws1, next: workspace(ws1, { name }) }],
  });

  test("a snapshot keeps the optimistic row and makes the server's row its before-image", async () => {
    const { db } = openTestDb();
    await writeScopes(db, [wsScope(ws1)]);
    await applyChanges(db, {
      type: "changes",
      cursor: 1,
      rows: [{ position: 1, scope: wsScope(ws1), entity: "workspace", id: ws1, op: "put", data: workspace(ws1) }],
    });
    await mutate(db, renameWs1("Mine"));

    const theirs = workspace(ws1, { name: "Theirs", description: "changed elsewhere" });
    await applySnapshot(db, {
      type: "snapshot",
      part: 0,
      last: true,
      scope: wsScope(ws1),
      position: 7,
      rows: [{ entity: "workspace", id: ws1, data: theirs }],
    });

    expect(await db.workspaces.get(ws1)).toEqual({
      ...workspace(ws1, { name: "Mine" }),
      scopes: [wsScope(ws1)],
      _pending: 1,
    });
    const [entry] = await db.outbox.toArray();
    expect(entry?.beforeImages.workspaces[ws1]).toEqual({
      row: { ...theirs, scopes: [wsScope(ws1)], _pending: 0 },
      fromServer: true,
    });

    // Once the command is refused, what the server holds now shows, not what it held before.
    await settleEntry(db, entry?.seq ?? -1, { accepted: false });
    expect(await db.workspaces.get(ws1)).toEqual({ ...theirs, scopes: [wsScope(ws1)], _pending: 0 });
  });

  test("a deletion from the server waits in the before-image too", async () => {
    const { db } = openTestDb();
    await applyChanges(db, {
      type: "changes",
      cursor: 1,
      rows: [{ position: 1, scope: wsScope(ws1), entity: "workspace", id: ws1, op: "put", data: workspace(ws1) }],
    });
    await mutate(db, renameWs1("Mine"));

    await dropScope(db, wsScope(ws1));

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
      scope: wsScope(ws1),
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
      scopes: [wsScope(ws1)],
      _pending: 0,
    });

    await applyChanges(db, { type: "changes", cursor: 3, rows: [server("Later", 3)] });
    expect((await db.workspaces.get(ws1))?.name).toBe("Later");
  });
});
