import { expect, test } from "vitest";
import { person } from "../components/pipeline/testing/pipeline-rows.ts";
import { replicaTransaction } from "./replica-db.ts";
import { openTestDb } from "./testing/test-db.ts";

test("the replica says when the reads under way have ended, and at once when none is", async () => {
  const { db } = openTestDb();
  await db.people.bulkPut([1, 2, 3].map((n) => person(n)));
  const order: string[] = [];
  await db.reads.ended().then(() => order.push("none under way"));
  let ended: Promise<void> = Promise.resolve();
  // A read of several steps, as a screen's: the sync asks while it is under way.
  const read = db.transaction("r", db.people, async () => {
    ended = db.reads.ended();
    void ended.then(() => order.push("ended"));
    await db.people.get(person(1).id);
    await db.people.toArray();
    order.push("read");
  });
  await read;
  await ended;
  expect(order).toEqual(["none under way", "read", "ended"]);
});

test("a write under way is not a read the sync waits for", async () => {
  const { db } = openTestDb();
  const order: string[] = [];
  await replicaTransaction(db, async () => {
    void db.reads.ended().then(() => order.push("ended"));
    await db.meta.put({ key: "cursor", value: 1 });
    await db.people.toArray();
    order.push("written");
  });
  expect(order).toEqual(["ended", "written"]);
});
