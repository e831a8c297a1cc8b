import type { DBCore } from "dexie";
import { expect, test } from "vitest";
import { candidacy, person, projectId, uuid } from "../components/pipeline/testing/pipeline-rows.ts";
import { applyChanges, applySnapshot, applySnapshots, dropScope } from "./apply-sync.ts";
import { workspaceOrderRange } from "./people-order.ts";
import type { SnapshotMessage } from "./server-message.ts";
import { readSyncState } from "./sync-state.ts";
import { alice, bob, member, user, workspace, ws1, ws2 } from "./testing/rows.ts";
import { countWrites, me, snapshotPart, workspaceScope } from "./testing/sync-frames.ts";
import { openTestDb } from "./testing/test-db.ts";

// A scope's snapshot in parts, and rows that several scopes hold.

test("in parts: the first replaces the scope's rows, later ones add, and the scope is held after the last", async () => {
  const { db } = openTestDb();
  const part = (index: number, last: boolean, ids: string[]) =>
    applySnapshot(
      db,
      snapshotPart(
        workspaceScope(ws1),
        ids.map((id) => ({ entity: "workspace_member", id: `${ws1}:${id}`, data: member(ws1, id) })),
        { part: index, last },
      ),
    );
  await part(0, true, [bob]);
  await part(0, false, [alice]);
  expect(await db.workspace_members.toCollection().primaryKeys()).toEqual([`${ws1}:${alice}`]);
  // Sent again, the scope is not held from its first part until its last: a reconnect asks for it again.
  expect((await readSyncState(db)).scopes).toEqual([]);
  await dropScope(db, workspaceScope(ws1));
  await part(0, false, [alice]);
  expect((await readSyncState(db)).scopes).toEqual([]);
  await part(1, true, [bob]);
  expect((await db.workspace_members.toCollection().primaryKeys()).sort()).toEqual(
    [`${ws1}:${alice}`, `${ws1}:${bob}`].sort(),
  );
  expect((await readSyncState(db)).scopes).toEqual([workspaceScope(ws1)]);
});

test("a row sent again as the same adds its scope to the row held; one held nowhere is passed over", async () => {
  const { db } = openTestDb();
  const snapshot = (scope: string, rows: SnapshotMessage["rows"]) => applySnapshot(db, snapshotPart(scope, rows));
  await snapshot(me, [{ entity: "workspace", id: ws1, data: workspace(ws1, { name: "Pool and workspace" }) }]);
  await snapshot(workspaceScope(ws1), [
    { entity: "workspace", id: ws1, same: true },
    { entity: "workspace", id: ws2, same: true },
  ]);
  expect(await db.workspaces.get(ws1)).toMatchObject({ name: "Pool and workspace", scopes: [me, workspaceScope(ws1)] });
  expect(await db.workspaces.get(ws2)).toBeUndefined();
  // Leaving the workspace keeps the row, held by the other scope still.
  await dropScope(db, workspaceScope(ws1));
  expect(await db.workspaces.get(ws1)).toMatchObject({ name: "Pool and workspace", scopes: [me] });
});

test("a person's workspaces are the workspace scopes that hold it here, whatever its data says", async () => {
  const { db } = openTestDb();
  const { scopes: _scopes, _pending, workspace_ids: _named, ...sent } = person(1, { workspace_ids: [ws2] });
  const snapshot = (scope: string, rows: SnapshotMessage["rows"]) => applySnapshot(db, snapshotPart(scope, rows));
  await snapshot(me, [{ entity: "person", id: sent.id, data: sent }]);
  expect((await db.people.get(sent.id))?.workspace_ids).toEqual([]);
  await snapshot(workspaceScope(ws1), [{ entity: "person", id: sent.id, same: true }]);
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
        scope: workspaceScope(ws2),
        op: "put",
        data: { ...sent, title: "Lead", workspace_ids: [ws1, "00000000-0000-4000-8000-0000000000ff"] },
      },
    ],
  });
  expect(await db.people.get(sent.id)).toMatchObject({ title: "Lead", workspace_ids: [ws1, ws2] });
  expect(
    await db.people
      .where("workspace_order")
      .between(...workspaceOrderRange(ws2))
      .primaryKeys(),
  ).toEqual([sent.id]);
  await dropScope(db, workspaceScope(ws1));
  expect((await db.people.get(sent.id))?.workspace_ids).toEqual([ws2]);
});

test("a row in full naming other scopes is held by all of them, in one write", async () => {
  const { db } = openTestDb();
  // In my scope: one of my people.
  const { scopes: _scopes, _pending, workspace_ids: _named, ...sent } = person(1, { owner_id: alice });
  const writes = countWrites(db.people);
  const part = (scope: string, index: number, rows: SnapshotMessage["rows"]) =>
    applySnapshot(db, snapshotPart(scope, rows, { part: index, last: index > 0 }));
  await part(me, 0, []);
  await part(workspaceScope(ws1), 0, []);
  await part(me, 1, [{ entity: "person", id: sent.id, data: sent, also: [workspaceScope(ws1)] }]);
  expect(await db.people.get(sent.id)).toMatchObject({ scopes: [me, workspaceScope(ws1)], workspace_ids: [ws1] });
  expect(
    await db.people
      .where("workspace_order")
      .between(...workspaceOrderRange(ws1))
      .primaryKeys(),
  ).toEqual([sent.id]);
  expect(writes()).toBe(1);
  // The workspace's own snapshot leaves it out; it stays held by both until one lets go.
  await part(workspaceScope(ws1), 1, []);
  expect((await readSyncState(db)).scopes).toEqual([me, workspaceScope(ws1)]);
  await dropScope(db, me);
  expect(await db.people.get(sent.id)).toMatchObject({ scopes: [workspaceScope(ws1)], workspace_ids: [ws1] });
});

test("a project's part carrying a candidate's person holds the person in the scopes it names, not the project's", async () => {
  const { db } = openTestDb();
  const project = `proj:${projectId}`;
  const { scopes: _scopes, _pending, workspace_ids: _named, ...sent } = person(1, { owner_id: alice });
  const { scopes: _held, _pending: _marked, ...named } = candidacy(sent.id, { id: uuid(900), name: "Sourced" });
  const part = (scope: string, index: number, rows: SnapshotMessage["rows"]) =>
    applySnapshot(db, snapshotPart(scope, rows, { part: index, last: index > 0 }));
  for (const scope of [me, workspaceScope(ws1), project]) await part(scope, 0, []);
  await part(project, 1, [
    { entity: "candidacy", id: named.id, data: named },
    { entity: "person", id: sent.id, data: sent, in: [workspaceScope(ws1), me] },
  ]);
  expect(await db.people.get(sent.id)).toMatchObject({ scopes: [workspaceScope(ws1), me], workspace_ids: [ws1] });
  expect(await db.candidacies.get(named.id)).toMatchObject({ scopes: [project] });
  // The project's scope let go, the person stays with the scopes that hold it.
  await dropScope(db, project);
  expect(await db.candidacies.get(named.id)).toBeUndefined();
  expect(await db.people.get(sent.id)).toMatchObject({ scopes: [workspaceScope(ws1), me] });
});

test("parts of several scopes in one transaction end as they would one after another, a row they share written once", async () => {
  const { db } = openTestDb();
  await applySnapshot(
    db,
    snapshotPart(workspaceScope(ws2), [{ entity: "workspace_member", id: `${ws2}:${bob}`, data: member(ws2, bob) }]),
  );
  const { scopes: _scopes, _pending, workspace_ids: _named, ...sent } = person(1);
  const writes = countWrites(db.people);
  const part = (scope: string, index: number, last: boolean, rows: SnapshotMessage["rows"]) =>
    snapshotPart(scope, rows, { part: index, last });
  await applySnapshots(db, [
    part(me, 0, false, [{ entity: "user", id: alice, data: user(alice) }]),
    // A fresh part 0 of a scope held before replaces its rows.
    part(workspaceScope(ws2), 0, false, [{ entity: "workspace", id: ws2, data: workspace(ws2) }]),
    part(me, 1, true, [{ entity: "person", id: sent.id, data: sent }]),
    part(workspaceScope(ws2), 1, true, [{ entity: "person", id: sent.id, same: true }]),
  ]);
  expect(await db.users.get(alice)).toMatchObject({ scopes: [me] });
  expect(await db.workspace_members.count()).toBe(0);
  expect(await db.workspaces.get(ws2)).toMatchObject({ scopes: [workspaceScope(ws2)] });
  expect(await db.people.get(sent.id)).toMatchObject({ scopes: [me, workspaceScope(ws2)], workspace_ids: [ws2] });
  expect(writes()).toBe(1);
  // The part 0 took the workspace out of the scopes held; its last part put it back, after mine.
  expect((await readSyncState(db)).scopes).toEqual([me, workspaceScope(ws2)]);
});

test("parts whose ids spread among thousands of rows held read those held, and no absent row by id", async () => {
  const { db } = openTestDb();
  let readById = 0;
  db.use({
    stack: "dbcore",
    name: "CountReadsById",
    create: (down: DBCore) => ({
      ...down,
      table: (name: string) => {
        const table = down.table(name);
        if (name !== "candidacies") return table;
        return {
          ...table,
          getMany: (req) => {
            readById += req.keys.length;
            return table.getMany(req);
          },
        };
      },
    }),
  });
  const stage = { id: uuid(999_999), name: "Sourced" };
  const row = (n: number) => {
    const { scopes: _scopes, _pending, ...data } = candidacy(uuid(n), stage);
    return { entity: "candidacy", id: data.id, data };
  };
  // A candidacy's id is a hash of its project and person: a part's ids spread over all the others'.
  const rows = (from: number) =>
    Array.from({ length: 1000 }, (_, index) => row(from + index)).sort((a, b) => (a.id < b.id ? -1 : 1));
  const held = row(5500);
  await applySnapshot(db, snapshotPart(workspaceScope(ws1), [held]));
  readById = 0;
  const scope = `proj:${projectId}`;
  for (let part = 0; part < 6; part++)
    await applySnapshot(db, snapshotPart(scope, rows(part * 1000), { part, last: part === 5 }));
  expect(await db.candidacies.count()).toBe(6000);
  expect(await db.candidacies.get(held.id)).toMatchObject({ scopes: [workspaceScope(ws1), scope] });
  // The one row held already, to add the project's scope to its own.
  expect(readById).toBe(1);
});
