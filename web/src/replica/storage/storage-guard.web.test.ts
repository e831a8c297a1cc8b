import { Dexie } from "dexie";
import { forceCloseDatabase, IDBFactory, IDBKeyRange } from "fake-indexeddb";
import { describe, expect, test } from "vitest";
import { applyReady, applySnapshot } from "../apply-sync.ts";
import { mutate } from "../outbox.ts";
import { ReplicaDb } from "../replica-db.ts";
import { readSyncState } from "../sync-state.ts";
import { ManualClock } from "../testing/manual-clock.ts";
import { workspace, ws1, ws2 } from "../testing/rows.ts";
import { type RecordStore, readReplicaRecord, writeReplicaRecord } from "./replica-record.ts";
import { QUOTA_RETRY_MS, SIGN_OUT_SETTLE_MS, StorageGuard } from "./storage-guard.ts";
import type { StorageNotice } from "./storage-notice.ts";

// Dexie's live queries run only where it finds an IndexedDB; Node has none, so it is given one
// (Dexie.dependencies, its way for use outside a browser). Each database still names its own.
Dexie.dependencies.indexedDB = new IDBFactory();

const uid = "ann@example.com";
const scope = `ws:${ws1}`;

function memoryStore(): RecordStore {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

/** Waits for what the guard does in its own time (a live query, a transaction). */
async function until(check: () => boolean | Promise<boolean>): Promise<void> {
  for (let round = 0; round < 200; round += 1) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error("condition never held");
}

/** A replica on its own IndexedDB, filled for `uid` to cursor 9, with a guard watching it. */
async function watchedReplica(options: { signedIn?: () => boolean; records?: RecordStore } = {}) {
  const indexedDB = new IDBFactory();
  const name = `replica-${crypto.randomUUID()}`;
  const db = new ReplicaDb(name, { indexedDB, IDBKeyRange });
  await db.meta.put({ key: "owner", value: uid });
  await applySnapshot(db, {
    type: "snapshot",
    part: 0,
    last: true,
    scope,
    position: 9,
    rows: [
      { entity: "workspace", id: ws1, data: workspace(ws1) },
      { entity: "workspace", id: ws2, data: workspace(ws2) },
    ],
  });
  await applyReady(db, { type: "ready", cursor: 9, scopes: [scope] });
  const clock = new ManualClock();
  const notices: (StorageNotice | null)[] = [];
  const log: string[] = [];
  const records = options.records ?? memoryStore();
  const guard = new StorageGuard({
    db,
    uid,
    dbName: name,
    pauseSync: async () => {
      log.push("pause");
    },
    resumeSync: () => log.push("resume"),
    signedIn: options.signedIn ?? (() => true),
    onNotice: (notice) => notices.push(notice),
    onChangeNotSaved: () => log.push("change not saved"),
    records,
    clock,
  });
  await guard.start(uid);
  await guard.synced();
  return { db, name, indexedDB, clock, notices, log, records, guard };
}

/**
 * Ends a connection as a browser does when it deletes the site's data. fake-indexeddb declares
 * the parameter as its connection class rather than a connection, though it takes the latter.
 */
function forceClose(connection: IDBDatabase): void {
  Reflect.apply(forceCloseDatabase, undefined, [connection]);
}

const quotaError = () => new Dexie.AbortError(new DOMException("The quota has been exceeded.", "QuotaExceededError"));

describe("a database the browser evicted", () => {
  test("between visits: an empty replica this user had filled is told, with the changes it took", async () => {
    const records = memoryStore();
    writeReplicaRecord(records, "replica", { owner: uid, cursor: 9, pending: 2 });
    const notices: (StorageNotice | null)[] = [];
    const db = new ReplicaDb("replica", { indexedDB: new IDBFactory(), IDBKeyRange });
    const guard = new StorageGuard({
      db,
      uid,
      dbName: "replica",
      pauseSync: async () => {},
      resumeSync: () => {},
      signedIn: () => true,
      onNotice: (notice) => notices.push(notice),
      onChangeNotSaved: () => {},
      records,
    });
    await guard.start(undefined);
    expect(notices).toEqual([{ cause: "evicted", phase: "refetching", retryAt: null, lostChanges: 2 }]);
    await applyReady(db, { type: "ready", cursor: 12, scopes: [] });
    await guard.synced();
    expect(notices.at(-1)).toEqual({ cause: "evicted", phase: "done", retryAt: null, lostChanges: 2 });
    expect(readReplicaRecord(records, "replica")).toMatchObject({ owner: uid, cursor: 12 });
    guard.close();
  });

  test("between visits: a replica still held says nothing", async () => {
    const { notices, guard } = await watchedReplica();
    expect(notices).toEqual([]);
    guard.close();
  });

  test("under an open tab: the emptied database is told, owned again and synced afresh", async () => {
    const { db, name, indexedDB, clock, notices, log, records, guard } = await watchedReplica();
    await mutate(db, {
      method: "PUT",
      path: `/workspaces/${ws1}`,
      body: { name: "Mine" },
      optimistic: [{ table: "workspaces", id: ws1, next: workspace(ws1, { name: "Mine" }) }],
    });
    await until(() => readReplicaRecord(records, name)?.pending === 1);

    forceClose(db.backendDB());
    await new Promise<void>((resolve, reject) => {
      const request = indexedDB.deleteDatabase(name);
      request.onsuccess = () => resolve();
      request.onerror = () => reject(request.error);
    });
    await until(() => log.includes("pause") && clock.pending().length > 0);
    expect(notices).toEqual([]);
    clock.advance(SIGN_OUT_SETTLE_MS);
    await until(() => log.includes("resume"));

    expect(notices).toEqual([{ cause: "evicted", phase: "refetching", retryAt: null, lostChanges: 1 }]);
    expect(await db.meta.get("owner")).toEqual({ key: "owner", value: uid });
    expect(await readSyncState(db)).toEqual({ cursor: 0, scopes: [] });
    guard.close();
  });

  test("under an open tab: a sign-out clearing the site's data is no eviction", async () => {
    let signedIn = true;
    const { db, name, indexedDB, clock, notices, log, guard } = await watchedReplica({ signedIn: () => signedIn });
    forceClose(db.backendDB());
    await new Promise<void>((resolve) => {
      indexedDB.deleteDatabase(name).onsuccess = () => resolve();
    });
    signedIn = false;
    await until(() => clock.pending().length > 0);
    clock.advance(SIGN_OUT_SETTLE_MS);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(notices).toEqual([]);
    expect(log).toEqual(["pause"]);
    guard.close();
  });

  test("a connection closed with the data still there syncs on without a word", async () => {
    const { db, clock, notices, log, guard } = await watchedReplica();
    forceClose(db.backendDB());
    await until(() => clock.pending().length > 0);
    clock.advance(SIGN_OUT_SETTLE_MS);
    await until(() => log.includes("resume"));
    expect(notices).toEqual([]);
    expect(await readSyncState(db)).toEqual({ cursor: 9, scopes: [scope] });
    guard.close();
  });
});

describe("a quota error", () => {
  test("while syncing: rows dropped, a fresh sync at once, then growing waits while space stays short", async () => {
    const { db, clock, notices, log, guard } = await watchedReplica();
    guard.failed(quotaError(), "sync");
    await until(() => log.includes("resume"));
    expect(log).toEqual(["pause", "resume"]);
    expect(notices).toEqual([{ cause: "quota", phase: "refetching", retryAt: null, lostChanges: 0 }]);
    expect(await db.workspaces.count()).toBe(0);
    expect(await readSyncState(db)).toEqual({ cursor: 0, scopes: [] });

    const failedAt = clock.now();
    guard.failed(quotaError(), "sync");
    await until(() => notices.length === 2);
    expect(notices[1]).toEqual({
      cause: "quota",
      phase: "waiting",
      retryAt: failedAt + QUOTA_RETRY_MS[1],
      lostChanges: 0,
    });
    expect(log).toEqual(["pause", "resume", "pause"]);
    expect(clock.pending()).toEqual([QUOTA_RETRY_MS[1]]);
    clock.advance(QUOTA_RETRY_MS[1]);
    expect(log.at(-1)).toBe("resume");

    guard.failed(quotaError(), "sync");
    await until(() => notices.length === 4);
    expect(clock.pending()).toEqual([QUOTA_RETRY_MS[2]]);
    // The user need not wait for it.
    guard.retryNow();
    expect(clock.pending()).toEqual([]);
    expect(notices.at(-1)).toMatchObject({ cause: "quota", phase: "refetching" });

    await applyReady(db, { type: "ready", cursor: 20, scopes: [scope] });
    await guard.synced();
    expect(notices.at(-1)).toEqual({ cause: "quota", phase: "done", retryAt: null, lostChanges: 0 });
    // Whole again: the next shortage starts over with a fresh sync at once.
    guard.failed(quotaError(), "sync");
    await until(() => notices.at(-1)?.phase === "refetching");
    expect(clock.pending()).toEqual([]);
    guard.close();
  });

  test("other sync failures leave the replica alone", async () => {
    const { db, notices, log, guard } = await watchedReplica();
    guard.failed(new Dexie.AbortError(new DOMException("gone", "UnknownError")), "sync");
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(log).toEqual([]);
    expect(notices).toEqual([]);
    expect(await db.workspaces.count()).toBe(2);
    guard.close();
  });

  test("on a user's write: room is made and the write tried once more; a second failure is told", async () => {
    const { db, notices, log, guard } = await watchedReplica();
    let attempts = 0;
    const id = await guard.guardWrite(async () => {
      attempts += 1;
      if (attempts === 1) throw quotaError();
      return "written";
    });
    expect(id).toBe("written");
    expect(await db.workspaces.count()).toBe(0);
    expect(notices.at(-1)).toMatchObject({ cause: "quota", phase: "refetching" });
    expect(log).not.toContain("change not saved");

    await expect(
      guard.guardWrite(async () => {
        throw quotaError();
      }),
    ).rejects.toThrow(/QuotaExceededError/);
    expect(log.at(-1)).toBe("change not saved");
    guard.close();
  });
});
