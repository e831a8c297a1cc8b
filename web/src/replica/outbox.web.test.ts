import { expect, test } from "vitest";
import { candidacy, projectId, uuid } from "../components/pipeline/testing/pipeline-rows.ts";
import { applySnapshot } from "./apply-sync.ts";
import { hasPendingWrites, mutate, pendingCount, wipeReplica } from "./outbox.ts";
import { ManualClock } from "./testing/manual-clock.ts";
import { member, workspace, ws1, ws2 } from "./testing/rows.ts";
import { openTestDb } from "./testing/test-db.ts";

const scope = `ws:${ws1}`;

async function withServerWorkspace() {
  const opened = openTestDb();
  await applySnapshot(opened.db, {
    type: "snapshot",
    part: 0,
    last: true,
    scope,
    position: 1,
    rows: [{ entity: "workspace", id: ws1, data: workspace(ws1, { name: "Before" }) }],
  });
  return opened;
}

test("mutate writes the optimistic row, its before-image and the outbox entry together", async () => {
  const { db } = await withServerWorkspace();
  const clock = new ManualClock(5_000);

  const id = await mutate(
    db,
    {
      method: "PUT",
      path: `/workspaces/${ws1}`,
      body: { name: "After" },
      optimistic: [{ table: "workspaces", id: ws1, next: workspace(ws1, { name: "After" }) }],
    },
    clock,
  );

  expect(await db.workspaces.get(ws1)).toEqual({ ...workspace(ws1, { name: "After" }), scopes: [scope], _pending: 1 });
  expect(await db.outbox.toArray()).toEqual([
    {
      seq: 1,
      id,
      method: "PUT",
      path: `/workspaces/${ws1}`,
      body: { name: "After" },
      createdAt: 5_000,
      attempts: 0,
      nextAttemptAt: 0,
      beforeImages: {
        workspaces: {
          [ws1]: { row: { ...workspace(ws1, { name: "Before" }), scopes: [scope], _pending: 0 }, fromServer: false },
        },
        workspace_members: {},
        users: {},
        people: {},
        workflows: {},
        projects: {},
        candidacies: {},
        project_users: {},
        invitations: {},
        sequences: {},
        credentials: {},
        payloads: {},
        messages: {},
        opt_out_clearances: {},
      },
    },
  ]);
  expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
});

test("a failing transaction leaves neither the optimistic row nor the outbox entry", async () => {
  const { db } = await withServerWorkspace();

  const failing = mutate(db, {
    method: "POST",
    path: "/workspaces",
    // A function cannot be stored, so the outbox write fails after the rows were written.
    body: { name: "New", oops: () => 0 },
    optimistic: [
      { table: "workspaces", id: ws2, next: workspace(ws2, { name: "New" }) },
      { table: "workspaces", id: ws1, next: null },
    ],
  });

  await expect(failing).rejects.toThrow(/clone/i);
  expect(await db.workspaces.toArray()).toEqual([
    { ...workspace(ws1, { name: "Before" }), scopes: [scope], _pending: 0 },
  ]);
  expect(await db.outbox.count()).toBe(0);
});

test("each command touching a row adds to its pending mark", async () => {
  const { db } = await withServerWorkspace();
  const rename = (name: string) =>
    mutate(db, {
      method: "PUT",
      path: `/workspaces/${ws1}`,
      body: { name },
      optimistic: [{ table: "workspaces", id: ws1, next: workspace(ws1, { name }) }],
    });

  await rename("One");
  await rename("Two");

  expect(await db.workspaces.get(ws1)).toMatchObject({ name: "Two", _pending: 2 });
  const [first, second] = await db.outbox.toArray();
  expect(first?.beforeImages.workspaces[ws1]?.row?.name).toBe("Before");
  expect(second?.beforeImages.workspaces[ws1]?.row?.name).toBe("One");
  expect(await pendingCount(db)).toBe(2);
  expect(await hasPendingWrites(db)).toBe(true);
});

test("a command changing one row twice leaves it as its last change does, with the row before the command as before-image", async () => {
  const { db } = await withServerWorkspace();
  const id = await mutate(db, {
    method: "PUT",
    path: `/workspaces/${ws1}`,
    optimistic: [
      { table: "workspaces", id: ws1, next: workspace(ws1, { name: "First" }) },
      { table: "workspaces", id: ws1, next: null },
      { table: "workspaces", id: ws1, next: workspace(ws1, { name: "Last" }) },
    ],
  });

  // Put back after its delete, the row has no stored scopes to keep (sync brings them with the server's row).
  expect(await db.workspaces.get(ws1)).toEqual({ ...workspace(ws1, { name: "Last" }), scopes: [], _pending: 1 });
  const [entry] = await db.outbox.toArray();
  expect(entry?.id).toBe(id);
  expect(entry?.beforeImages.workspaces).toEqual({
    [ws1]: { row: { ...workspace(ws1, { name: "Before" }), scopes: [scope], _pending: 0 }, fromServer: false },
  });
});

test("a command adding several candidates to a project counts each of them in its pipeline", async () => {
  const { db } = openTestDb();
  const sourced = { id: uuid(901), name: "Sourced" };
  const added = [1, 2, 3].map((n) => candidacy(uuid(n), sourced));
  await mutate(db, {
    method: "POST",
    path: `/projects/${projectId}/project_people`,
    optimistic: added.map((row) => ({ table: "candidacies", id: row.id, next: row })),
  });

  expect(await db.pipeline_counts.get(projectId)).toMatchObject({ all: 3, by_stage: { [sourced.id]: 3 } });
});

test("a row filed under another id is refused before anything is written", async () => {
  const { db } = openTestDb();
  const wrong = mutate(db, {
    method: "POST",
    path: `/workspaces/${ws1}/members`,
    optimistic: [{ table: "workspace_members", id: "not-its-id", next: member(ws1, ws2) }],
  });
  await expect(wrong).rejects.toThrow(/filed under id/);
  expect(await db.outbox.count()).toBe(0);
});

test("the outbox and optimistic rows survive reopening the database", async () => {
  const { db, reopen } = await withServerWorkspace();
  const id = await mutate(db, {
    method: "DELETE",
    path: `/workspaces/${ws1}`,
    optimistic: [{ table: "workspaces", id: ws1, next: null }],
  });
  db.close();

  const reopened = reopen();
  expect(await reopened.outbox.toArray()).toMatchObject([{ id, method: "DELETE", body: null }]);
  expect(await reopened.workspaces.count()).toBe(0);
  expect(await hasPendingWrites(reopened)).toBe(true);
});

test("wiping the replica deletes everything, outbox included", async () => {
  const { db, reopen } = await withServerWorkspace();
  await mutate(db, {
    method: "DELETE",
    path: `/workspaces/${ws1}`,
    optimistic: [{ table: "workspaces", id: ws1, next: null }],
  });

  await wipeReplica(db);

  const fresh = reopen();
  expect(await fresh.outbox.count()).toBe(0);
  expect(await fresh.meta.count()).toBe(0);
  expect(await hasPendingWrites(fresh)).toBe(false);
});
