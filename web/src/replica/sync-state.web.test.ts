import { Dexie, liveQuery } from "dexie";
import { IDBFactory } from "fake-indexeddb";
import { expect, test } from "vitest";
import type { ReplicaDb } from "./replica-db.ts";
import { readScopeProgress, type ScopeProgress, writeCatchUp, writeCursor, writeScopes } from "./sync-state.ts";
import { openTestDb } from "./testing/test-db.ts";

// A live query runs only where the page's global IndexedDB exists (each test's replica has its own).
Dexie.dependencies.indexedDB ??= new IDBFactory();

/** The scope progress as a screen reads it, live: each answer, and how many reads it took. */
function watchProgress(db: ReplicaDb) {
  let reads = 0;
  const answers: ScopeProgress[] = [];
  const waiting: (() => void)[] = [];
  const subscription = liveQuery(() => {
    reads += 1;
    return readScopeProgress(db);
  }).subscribe((progress) => {
    answers.push(progress);
    for (const wake of waiting.splice(0)) wake();
  });
  return {
    reads: () => reads,
    stop: () => subscription.unsubscribe(),
    async until(test: (progress: ScopeProgress) => boolean): Promise<ScopeProgress> {
      for (;;) {
        const found = answers.find(test);
        if (found) return found;
        await new Promise<void>((wake) => waiting.push(wake));
      }
    },
  };
}

test("a screen's scope progress is not read again for live changes, which move only the cursor", async () => {
  const { db } = openTestDb();
  const progress = watchProgress(db);
  await progress.until((answer) => !answer.outlined);
  // Caught up once: the cursor alone says every scope's few rows are in.
  await writeCursor(db, 5);
  await progress.until((answer) => answer.outlined);
  await writeCatchUp(db, { coming: [], unframed: [] });
  await writeScopes(db, ["ws:1"]);
  await progress.until((answer) => answer.held.has("ws:1"));
  const before = progress.reads();
  for (const cursor of [6, 7, 8]) await writeCursor(db, cursor);
  // A write the progress reads, after the cursor's: had those been read again, they would count too.
  await writeScopes(db, ["ws:1", "ws:2"]);
  await progress.until((answer) => answer.held.has("ws:2"));
  expect(progress.reads()).toBe(before + 1);
  progress.stop();
});

test("the scope progress says the scopes' few rows are in once caught up, or once a catch-up sent them", async () => {
  const { db } = openTestDb();
  expect(await readScopeProgress(db)).toEqual({ held: new Set(), outlined: false });
  await writeCursor(db, 3);
  expect(await readScopeProgress(db)).toEqual({ held: new Set(), outlined: true });
  await writeScopes(db, ["ws:1", "proj:1"]);
  await writeCatchUp(db, { coming: ["proj:1"], unframed: ["proj:1"] });
  expect(await readScopeProgress(db)).toEqual({ held: new Set(["ws:1"]), outlined: false });
  await writeCatchUp(db, { coming: ["proj:1"], unframed: [] });
  expect(await readScopeProgress(db)).toEqual({ held: new Set(["ws:1"]), outlined: true });
});
