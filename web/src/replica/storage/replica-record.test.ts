import { describe, expect, test } from "vitest";
import {
  evictedBetweenVisits,
  forgetReplicaRecord,
  type RecordStore,
  readReplicaRecord,
  writeReplicaRecord,
} from "./replica-record.ts";
import { recordNamesOwner, replicaRecordKey } from "./replica-record-key.ts";

function memoryStore(): RecordStore & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

const filled = { owner: "ann@example.com", cursor: 42, pending: 2 };

describe("the replica record", () => {
  test("is kept per database, read back as written, and forgotten", () => {
    const store = memoryStore();
    writeReplicaRecord(store, "replica", filled);
    expect(readReplicaRecord(store, "replica")).toEqual(filled);
    expect(readReplicaRecord(store, "other")).toBeNull();
    forgetReplicaRecord(store, "replica");
    expect(readReplicaRecord(store, "replica")).toBeNull();
  });

  test("reads an unreadable or foreign value as no record", () => {
    const store = memoryStore();
    store.items.set("hirestream.replica.replica", "{not json");
    expect(readReplicaRecord(store, "replica")).toBeNull();
    store.items.set("hirestream.replica.replica", JSON.stringify({ owner: "ann@example.com", cursor: -1, pending: 0 }));
    expect(readReplicaRecord(store, "replica")).toBeNull();
    expect(readReplicaRecord(null, "replica")).toBeNull();
  });
});

describe("evictedBetweenVisits", () => {
  test("an empty replica of a user whose replica was filled here was evicted", () => {
    expect(evictedBetweenVisits(filled, "ann@example.com", undefined)).toBe(true);
  });

  test("a replica still held, a first visit, or one never filled is no eviction", () => {
    expect(evictedBetweenVisits(filled, "ann@example.com", "ann@example.com")).toBe(false);
    expect(evictedBetweenVisits(null, "ann@example.com", undefined)).toBe(false);
    expect(evictedBetweenVisits({ ...filled, cursor: 0 }, "ann@example.com", undefined)).toBe(false);
  });

  test("another user's record, or a replica another user holds, is no eviction of this user's", () => {
    expect(evictedBetweenVisits(filled, "bob@example.com", undefined)).toBe(false);
    expect(evictedBetweenVisits(filled, "ann@example.com", "bob@example.com")).toBe(false);
  });
});

describe("recordNamesOwner", () => {
  test("reads the owner of a record as written, without its schema", () => {
    const store = memoryStore();
    writeReplicaRecord(store, "replica", filled);
    const text = store.getItem(replicaRecordKey("replica"));
    expect(recordNamesOwner(text, "ann@example.com")).toBe(true);
    expect(recordNamesOwner(text, "bob@example.com")).toBe(false);
  });

  test("no record, or one that cannot be read, names no one", () => {
    expect(recordNamesOwner(null, "ann@example.com")).toBe(false);
    expect(recordNamesOwner("{not json", "ann@example.com")).toBe(false);
    expect(recordNamesOwner("null", "ann@example.com")).toBe(false);
    expect(recordNamesOwner('"ann@example.com"', "ann@example.com")).toBe(false);
  });
});
