import { IDBFactory, IDBKeyRange } from "fake-indexeddb";
import { describe, expect, it } from "vitest";
import { ReplicaDb } from "./replica-db.ts";
import { LATEST_REPLICA_VERSION, type ReplicaSchemas, replicaSchemasFor } from "./replica-versions.ts";
import { workspace, ws1 } from "./testing/rows.ts";

/** The database as IndexedDB holds it: its version, and each store's key and indexes. */
async function storedSchema(db: ReplicaDb) {
  await db.open();
  const idb = db.backendDB();
  const stores = [...idb.objectStoreNames].sort().map((name) => {
    const store = idb.transaction(name, "readonly").objectStore(name);
    const indexes = [...store.indexNames].sort().map((indexName) => {
      const index = store.index(indexName);
      return { name: indexName, keyPath: index.keyPath, unique: index.unique, multiEntry: index.multiEntry };
    });
    return { name, keyPath: store.keyPath, autoIncrement: store.autoIncrement, indexes };
  });
  return { version: idb.version, stores };
}

function fresh(schemas: ReplicaSchemas) {
  const indexedDB = new IDBFactory();
  const name = `replica-${crypto.randomUUID()}`;
  return {
    db: new ReplicaDb(name, { indexedDB, IDBKeyRange }, schemas),
    reopen: (again: ReplicaSchemas) => new ReplicaDb(name, { indexedDB, IDBKeyRange }, again),
  };
}

describe("the replica's schema", () => {
  it("is the same database whether made through every version or from the latest alone", async () => {
    const throughEvery = fresh("every").db;
    const latestAlone = fresh("latest").db;
    const made = await storedSchema(throughEvery);
    expect(await storedSchema(latestAlone)).toEqual(made);
    expect(made.version).toBe(LATEST_REPLICA_VERSION * 10);
    // Every table the code reads and writes is there, with its indexes.
    expect(made.stores.map((store) => store.name)).toContain("candidacies");
    expect(made.stores.find((store) => store.name === "people")?.indexes.map((index) => index.name)).toEqual([
      "[owner_id+order_key]",
      "workspace_order",
    ]);
    throughEvery.close();
    latestAlone.close();
  });

  it("opens a replica already at the latest version from the latest schema alone, its rows as they were", async () => {
    const { db, reopen } = fresh("every");
    await db.workspaces.put({ ...workspace(ws1), scopes: ["me"], _pending: 0 });
    db.close();
    const again = reopen("latest");
    expect((await again.workspaces.get(ws1))?.id).toBe(ws1);
    again.close();
  });
});

describe("replicaSchemasFor", () => {
  it("declares the latest schema alone only for a replica missing or at the latest version", () => {
    const latest = LATEST_REPLICA_VERSION * 10;
    expect(replicaSchemasFor(null)).toBe("latest");
    expect(replicaSchemasFor({ version: latest })).toBe("latest");
    expect(replicaSchemasFor({ version: latest - 10 })).toBe("every");
    expect(replicaSchemasFor({ version: 10 })).toBe("every");
    // A version newer than this code's: Dexie refuses it either way, as before.
    expect(replicaSchemasFor({ version: latest + 10 })).toBe("every");
    expect(replicaSchemasFor({})).toBe("every");
    // Not asked (no early check on this load): every version, to upgrade whatever is there.
    expect(replicaSchemasFor(undefined)).toBe("every");
  });
});
