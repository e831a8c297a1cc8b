import { expect, test } from "vitest";
import { candidacy, projectId, uuid } from "../../components/pipeline/testing/pipeline-rows.ts";
import { applyReady, applySnapshot } from "../apply-sync.ts";
import { mutate } from "../outbox.ts";
import { settleEntry } from "../outbox-settle.ts";
import { recountPipelines } from "../pipeline-counts.ts";
import type { SnapshotMessage } from "../server-message.ts";
import { readSyncState } from "../sync-state.ts";
import { workspace, ws1, ws2 } from "../testing/rows.ts";
import { openTestDb } from "../testing/test-db.ts";
import { dropSyncedRows } from "./drop-synced-rows.ts";

const scope = `ws:${ws1}`;
const sourced = { id: uuid(901), name: "Sourced" };
const { scopes: _scopes, _pending, ...firstCandidacy } = candidacy(uuid(1), sourced);
const { scopes: _scopes2, _pending: _pending2, ...secondCandidacy } = candidacy(uuid(2), sourced);

const snapshot = (name: string): SnapshotMessage => ({
  type: "snapshot",
  part: 0,
  last: true,
  scope,
  position: 9,
  rows: [
    { entity: "workspace", id: ws1, data: workspace(ws1, { name }) },
    { entity: "workspace", id: ws2, data: workspace(ws2) },
    { entity: "candidacy", id: firstCandidacy.id, data: firstCandidacy },
    { entity: "candidacy", id: secondCandidacy.id, data: secondCandidacy },
  ],
});

async function syncedWithOnePending() {
  const { db } = openTestDb();
  await applySnapshot(db, snapshot("Server"));
  await applyReady(db, { type: "ready", cursor: 9, scopes: [scope] });
  await mutate(db, {
    method: "PUT",
    path: `/workspaces/${ws1}`,
    body: { name: "Mine" },
    optimistic: [{ table: "workspaces", id: ws1, next: workspace(ws1, { name: "Mine" }) }],
  });
  return db;
}

test("drops every synced row and the cursor, keeping the outbox and the rows it shows as changed", async () => {
  const db = await syncedWithOnePending();
  const outbox = await db.outbox.toArray();

  await dropSyncedRows(db);

  expect(await db.workspaces.toArray()).toEqual([
    { ...workspace(ws1, { name: "Mine" }), scopes: [scope], _pending: 1 },
  ]);
  expect(await db.candidacies.count()).toBe(0);
  expect(await db.pipeline_counts.count()).toBe(0);
  expect(await db.outbox.toArray()).toEqual(outbox);
  expect(await readSyncState(db)).toEqual({ cursor: 0, scopes: [] });
});

test("a fresh sync refills the replica under the pending change, and a refusal then restores the server's row", async () => {
  const db = await syncedWithOnePending();
  await dropSyncedRows(db);

  await applySnapshot(db, snapshot("Server, later"));
  await applyReady(db, { type: "ready", cursor: 12, scopes: [scope] });

  expect(await db.workspaces.get(ws1)).toMatchObject({ name: "Mine", _pending: 1 });
  expect(await db.workspaces.get(ws2)).toMatchObject({ scopes: [scope], _pending: 0 });
  expect(await db.pipeline_counts.get(projectId)).toEqual(recountPipelines(await db.candidacies.toArray())[0]);
  expect(await db.pipeline_counts.get(projectId)).toMatchObject({ all: 2 });

  const [entry] = await db.outbox.toArray();
  if (!entry) throw new Error("the pending change was not kept");
  await settleEntry(db, entry.seq, { accepted: false });
  expect(await db.workspaces.get(ws1)).toMatchObject({ name: "Server, later", _pending: 0 });
});
