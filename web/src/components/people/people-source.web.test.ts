import { Dexie } from "dexie";
import { IDBFactory, IDBKeyRange } from "fake-indexeddb";
import { describe, expect, it } from "vitest";
import { withOrderKeys } from "../../replica/people-order.ts";
import { ReplicaDb } from "../../replica/replica-db.ts";
import { openTestDb } from "../../replica/testing/test-db.ts";
import { otherWorkspaceId, ownerId, person, uuid, workspaceId } from "../pipeline/testing/pipeline-rows.ts";
import { findInList, readSearchList } from "./people-search-list.ts";
import { poolSource, readListRows, workspaceSource } from "./people-source.ts";

const otherOwner = "7a2d3b5f-9b2c-4d66-8e1f-4a3c2b1d0e22";

/** Five of the user's people, stored in an order that is neither their ids' nor their names'. */
async function seeded() {
  const { db } = openTestDb();
  await db.people.bulkPut([
    person(1, { last_name: "Okafor", first_name: "Chidi", city: "Lagos" }),
    person(2, { last_name: "Adams", first_name: "Zoe", title: "Engineer" }),
    person(3, { last_name: "Case10", first_name: "Ann", title: "Designer" }),
    person(4, { last_name: "adams", first_name: "Anna", city: "Oslo", title: "Engineer" }),
    person(5, { last_name: "Case2", first_name: "Bo", workspace_ids: [workspaceId, otherWorkspaceId] }),
    // Someone else's, in another workspace: on neither list.
    person(6, { last_name: "Aaron", owner_id: otherOwner, workspace_ids: [otherWorkspaceId] }),
  ]);
  return db;
}

const names = (people: readonly { last_name: string | null; first_name: string | null }[]) =>
  people.map((each) => `${each.first_name} ${each.last_name}`);

describe("a people list read from its indexes", () => {
  it("pages the Talent Pool in list order, counting only the user's people", async () => {
    const db = await seeded();
    const source = poolSource(ownerId);
    expect(names(await readListRows(db, source, 1, 2))).toEqual(["Anna adams", "Zoe Adams"]);
    expect(names(await readListRows(db, source, 2, 2))).toEqual(["Bo Case2", "Ann Case10"]);
    expect(await source.count(db)).toBe(5);
    expect(await workspaceSource(otherWorkspaceId).count(db)).toBe(2);
  });

  it("reads a workspace's page in list order, each person once", async () => {
    const db = await seeded();
    const rows = await readListRows(db, workspaceSource(otherWorkspaceId), 1, 10);
    expect(names(rows)).toEqual(["Person6 Aaron", "Bo Case2"]);
  });

  it("reads a workspace's whole list in list order, and a search keeps that order", async () => {
    const db = await seeded();
    const list = await readSearchList(db, workspaceSource(workspaceId));
    expect(names(list.map((entry) => entry.person))).toEqual([
      "Anna adams",
      "Zoe Adams",
      "Bo Case2",
      "Ann Case10",
      "Chidi Okafor",
    ]);
    expect(names(findInList(list, ["engineer"]))).toEqual(["Anna adams", "Zoe Adams"]);
    expect(names(findInList(list, ["engineer", "oslo"]))).toEqual(["Anna adams"]);
    expect(findInList(list, ["nobody"])).toEqual([]);
  });

  it("searches the fields the server searches, and no text across two of them", async () => {
    const db = await seeded();
    const list = await readSearchList(db, poolSource(ownerId));
    expect(list.map((entry) => entry.person.id)).not.toContain(uuid(6));
    expect(names(findInList(list, ["lagos"]))).toEqual(["Chidi Okafor"]);
    // "Chidi" ends the first name and "Okafor" starts the last: never one word.
    expect(findInList(list, ["chidiokafor"])).toEqual([]);
  });

  it("reads the people a replica held before its indexes by owner, by workspace and by scope went", async () => {
    const indexedDB = new IDBFactory();
    const name = `replica-${crypto.randomUUID()}`;
    // The people as version 17 held them, with those indexes.
    const before = new Dexie(name, { indexedDB, IDBKeyRange });
    before.version(17).stores({
      people: "id, *scopes, owner_id, *workspace_ids, [owner_id+order_key], *workspace_order",
    });
    await before
      .table("people")
      .bulkPut([
        withOrderKeys(person(1, { last_name: "Okafor", first_name: "Chidi" })),
        withOrderKeys(
          person(2, { last_name: "Case2", first_name: "Bo", workspace_ids: [workspaceId, otherWorkspaceId] }),
        ),
        withOrderKeys(person(3, { last_name: "Aaron", owner_id: otherOwner, workspace_ids: [otherWorkspaceId] })),
      ]);
    before.close();

    const db = new ReplicaDb(name, { indexedDB, IDBKeyRange });
    expect(names(await readListRows(db, poolSource(ownerId), 1, 10))).toEqual(["Bo Case2", "Chidi Okafor"]);
    expect(await poolSource(ownerId).count(db)).toBe(2);
    expect(names(await readListRows(db, workspaceSource(otherWorkspaceId), 1, 10))).toEqual([
      "Person3 Aaron",
      "Bo Case2",
    ]);
    expect(await workspaceSource(otherWorkspaceId).count(db)).toBe(2);
    expect(db.people.schema.indexes.map((index) => index.name).sort()).toEqual([
      "[owner_id+order_key]",
      "workspace_order",
    ]);
    db.close();
  });
});
