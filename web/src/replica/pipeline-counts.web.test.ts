import { Dexie } from "dexie";
import { IDBFactory, IDBKeyRange } from "fake-indexeddb";
import { describe, expect, it } from "vitest";
import { candidacy, otherProjectId, projectId, uuid } from "../components/pipeline/testing/pipeline-rows.ts";
import { applyChanges, applySnapshot } from "./apply-sync.ts";
import { mutate } from "./outbox.ts";
import { recountPipelines } from "./pipeline-counts.ts";
import { ReplicaDb, replicaTransaction } from "./replica-db.ts";
import { openTestDb } from "./testing/test-db.ts";

const sourced = { id: uuid(901), name: "Sourced" };
const screening = { id: uuid(902), name: "Screening" };

/** The counts kept by the replica, and the same counted afresh from the candidacies it holds. */
async function keptAndRecounted(db: ReplicaDb) {
  const kept = await db.pipeline_counts.orderBy("project_id").toArray();
  const recounted = recountPipelines(await db.candidacies.toArray()).sort((a, b) =>
    a.project_id.localeCompare(b.project_id),
  );
  return { kept, recounted };
}

describe("the replica's pipeline counts", () => {
  it("follow candidacies added, moved, answered and removed, in and out of transactions", async () => {
    const { db } = openTestDb();
    await db.candidacies.bulkPut([1, 2, 3].map((n) => candidacy(uuid(n), sourced)));
    await replicaTransaction(db, async () => {
      await db.candidacies.put(candidacy(uuid(4), screening, { project_id: otherProjectId }));
      await db.candidacies.put(candidacy(uuid(1), screening, { response: "interested" }));
    });
    await db.candidacies.delete(candidacy(uuid(2), sourced).id);

    const { kept, recounted } = await keptAndRecounted(db);
    expect(kept).toEqual(recounted);
    expect(await db.pipeline_counts.get(projectId)).toEqual({
      project_id: projectId,
      all: 2,
      by_stage: { [sourced.id]: 1, [screening.id]: 1 },
      by_response: { interested: 1 },
    });
  });

  it("follow an optimistic move, and drop a project's row once nobody is left in it", async () => {
    const { db } = openTestDb();
    const row = candidacy(uuid(1), sourced);
    await db.candidacies.put(row);
    const moved = { ...row, stage_id: screening.id, status: screening.name };
    const { scopes: _scopes, _pending, ...next } = moved;
    await mutate(db, {
      method: "PUT",
      path: "/move",
      body: {},
      optimistic: [{ table: "candidacies", id: row.id, next }],
    });
    expect((await db.pipeline_counts.get(projectId))?.by_stage).toEqual({ [screening.id]: 1 });

    await db.candidacies.clear();
    expect(await db.pipeline_counts.count()).toBe(0);
  });

  it("follow sync, which hands over the rows it has just read: snapshots, moves, answers, removals", async () => {
    const { db } = openTestDb();
    const scope = `ws:${uuid(990)}`;
    const plain = (row: ReturnType<typeof candidacy>) => {
      const { scopes: _scopes, _pending, ...data } = row;
      return data;
    };
    const put = (position: number, row: ReturnType<typeof candidacy>) => ({
      position,
      scope,
      entity: "candidacy",
      id: row.id,
      op: "put" as const,
      data: plain(row),
    });
    await applySnapshot(db, {
      type: "snapshot",
      scope,
      position: 1,
      part: 0,
      last: true,
      rows: [1, 2, 3].map((n) => ({
        entity: "candidacy",
        id: candidacy(uuid(n), sourced).id,
        data: plain(candidacy(uuid(n), sourced)),
      })),
    });
    await applyChanges(db, {
      type: "changes",
      cursor: 4,
      rows: [
        put(2, candidacy(uuid(1), screening)),
        // The same candidate twice in one frame: only where the frame leaves them counts.
        put(3, candidacy(uuid(1), sourced, { response: "interested" })),
        put(4, candidacy(uuid(4), screening, { project_id: otherProjectId })),
        { position: 4, scope, entity: "candidacy", id: candidacy(uuid(2), sourced).id, op: "del", data: null },
      ],
    });

    const { kept, recounted } = await keptAndRecounted(db);
    expect(kept).toEqual(recounted);
    expect(await db.pipeline_counts.get(projectId)).toEqual({
      project_id: projectId,
      all: 2,
      by_stage: { [sourced.id]: 2 },
      by_response: { interested: 1 },
    });
  });

  it("roll back with a transaction that fails", async () => {
    const { db } = openTestDb();
    await db.candidacies.put(candidacy(uuid(1), sourced));
    await expect(
      replicaTransaction(db, async () => {
        await db.candidacies.put(candidacy(uuid(2), sourced));
        throw new Error("refused");
      }),
    ).rejects.toThrow("refused");
    expect((await db.pipeline_counts.get(projectId))?.all).toBe(1);
  });

  it("are counted from what a replica already holds when it is upgraded to keep them", async () => {
    const indexedDB = new IDBFactory();
    const name = `replica-${crypto.randomUUID()}`;
    // The replica as version 4 left it: candidacies, and no counts.
    const before = new Dexie(name, { indexedDB, IDBKeyRange });
    before.version(4).stores({
      workspaces: "id, *scopes, user_id, name",
      workspace_members: "id, *scopes, workspace_id, user_id",
      users: "id, *scopes",
      meta: "key",
      outbox: "++seq, &id",
      people: "id, *scopes, owner_id, *workspace_ids, last_name",
      workflows: "id, *scopes, workspace_id, assigned_to",
      projects: "id, *scopes, workspace_id",
      candidacies: "id, *scopes, project_id, [project_id+stage_id], person_id, workspace_id",
    });
    await before
      .table("candidacies")
      .bulkPut([candidacy(uuid(1), sourced), candidacy(uuid(2), screening), candidacy(uuid(3), screening)]);
    before.close();

    const db = new ReplicaDb(name, { indexedDB, IDBKeyRange });
    expect(await db.pipeline_counts.get(projectId)).toEqual({
      project_id: projectId,
      all: 3,
      by_stage: { [sourced.id]: 1, [screening.id]: 2 },
      by_response: {},
    });
    db.close();
  });
});
