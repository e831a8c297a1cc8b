import { Dexie } from "dexie";
import { IDBFactory } from "fake-indexeddb";
import { expect, test } from "vitest";
import { person } from "../components/pipeline/testing/pipeline-rows.ts";
import { openTestDb } from "../replica/testing/test-db.ts";
import { EarlyRead } from "./early-read.ts";
import { answered } from "./testing/answered.ts";

// A live query runs only where the page's global IndexedDB exists (each test's replica has its own).
Dexie.dependencies.indexedDB ??= new IDBFactory();

test("an early read answers with what it read, again as the replica changes, and only for what it read", async () => {
  const { db } = openTestDb();
  const early = new EarlyRead<string[]>();
  early.begin(async () => ({ key: "people", value: (await db.people.toArray()).map((row) => row.first_name ?? "") }));
  expect(await answered(early, "people", () => true)).toEqual([]);

  await db.people.bulkPut([person(1), person(2)]);
  expect(await answered(early, "people", (names) => names.length === 2)).toEqual(["Person1", "Person2"]);
  expect(early.answerFor("another list")).toBeUndefined();
  early.end();
});

test("an ended early read answers nothing, tells those listening, and reads no more", async () => {
  const { db } = openTestDb();
  await db.people.put(person(1));
  const early = new EarlyRead<number>();
  let reads = 0;
  early.begin(async () => {
    reads += 1;
    return { key: "count", value: await db.people.count() };
  });
  await answered(early, "count", (count) => count === 1);
  let told = 0;
  early.listen(() => {
    told += 1;
  });

  early.end();
  expect(early.answerFor("count")).toBeUndefined();
  expect(told).toBe(1);
  const readsWhenEnded = reads;
  await db.people.put(person(2));
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(reads).toBe(readsWhenEnded);
});

test("the answer of a read ended before it came is not taken", async () => {
  const { db } = openTestDb();
  await db.people.put(person(1));
  const early = new EarlyRead<number>();
  const begun = early.begin(async () => ({ key: "count", value: await db.people.count() }));
  early.end();
  await begun;
  expect(early.answerFor("count")).toBeUndefined();
});
