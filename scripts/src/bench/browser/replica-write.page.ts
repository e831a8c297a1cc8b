import type { WorkspaceRow } from "@hirestream/contracts/workspaces/rows.ts";
import { applySnapshot } from "@hirestream/web/replica/apply-sync.ts";
import { parseRow, ReplicaDb, type Stored } from "@hirestream/web/replica/replica-db.ts";
import { parseServerMessage, type SnapshotMessage } from "@hirestream/web/replica/server-message.ts";
import { Dexie } from "dexie";
import type { IdbDatabase, IdbFactory } from "./dom.ts";
import type { ReplicaTimes, ReplicaWriteBench } from "./replica-write-probes.ts";

// The bench page (built by Vite into the served app under /bench/): the replica's own write path
// and raw IndexedDB, on the same rows in the same browser. Every run writes a fresh database,
// which is deleted afterwards, outside the timed part.

declare const window: { hirestreamReplicaWrite?: ReplicaWriteBench };
declare const indexedDB: IdbFactory;

let frame = "";
let stored: Stored<WorkspaceRow>[] = [];

function snapshotOf(text: string): SnapshotMessage {
  const message = parseServerMessage(text);
  if (message?.type !== "snapshot") throw new Error("the bench frame is not a snapshot");
  return message;
}

/** The app's workspaces table, as ReplicaDb declares it: `id, *scopes, user_id, name`. */
function openRaw(name: string): Promise<IdbDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(name, 1);
    request.onupgradeneeded = () => {
      const store = request.result.createObjectStore("workspaces", { keyPath: "id" });
      store.createIndex("scopes", "scopes", { multiEntry: true });
      store.createIndex("user_id", "user_id");
      store.createIndex("name", "name");
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
    request.onblocked = () => reject(new Error(`${name} is blocked`));
  });
}

function deleteRaw(name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.deleteDatabase(name);
    request.onsuccess = () => resolve();
    request.onerror = () => reject(request.error);
  });
}

async function raw(run: number): Promise<number> {
  const name = `bench-raw-${run}`;
  const db = await openRaw(name);
  const started = performance.now();
  await new Promise<void>((resolve, reject) => {
    const transaction = db.transaction("workspaces", "readwrite");
    const store = transaction.objectStore("workspaces");
    for (const row of stored) store.put(row);
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error);
    transaction.onabort = () => reject(transaction.error);
  });
  const ms = performance.now() - started;
  db.close();
  await deleteRaw(name);
  return ms;
}

async function freshReplica(name: string): Promise<ReplicaDb> {
  const db = new ReplicaDb(name);
  await db.open();
  return db;
}

async function replica(run: number): Promise<ReplicaTimes> {
  const name = `bench-replica-${run}`;
  const db = await freshReplica(name);
  const started = performance.now();
  const message = snapshotOf(frame);
  const parsed = performance.now();
  await applySnapshot(db, message);
  const applied = performance.now();
  const rows = await db.workspaces.count();
  db.close();
  await Dexie.delete(name);
  if (rows !== stored.length) throw new Error(`the replica holds ${rows} workspaces, not ${stored.length}`);
  return { parseMs: parsed - started, applyMs: applied - parsed };
}

async function dexieBulkPut(run: number): Promise<number> {
  const name = `bench-dexie-${run}`;
  const db = await freshReplica(name);
  const started = performance.now();
  await db.workspaces.bulkPut(stored);
  const ms = performance.now() - started;
  db.close();
  await Dexie.delete(name);
  return ms;
}

window.hirestreamReplicaWrite = {
  load(text) {
    const message = snapshotOf(text);
    frame = text;
    // As apply-sync stores them: the row, its scope, no pending command.
    stored = message.rows.flatMap((row) =>
      row.entity === "workspace" && "data" in row
        ? [{ ...parseRow("workspaces", row.data), scopes: [message.scope], _pending: 0 }]
        : [],
    );
    return stored.length;
  },
  raw,
  replica,
  dexieBulkPut,
};
