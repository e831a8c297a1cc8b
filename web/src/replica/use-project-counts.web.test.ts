import { Dexie } from "dexie";
import { IDBFactory } from "fake-indexeddb";
import { expect, test } from "vitest";
import { candidacy, projectId, uuid } from "../components/pipeline/testing/pipeline-rows.ts";
import type { SharedLiveQuery } from "../hooks/shared-live-query.ts";
import type { PipelineCountsRow } from "./pipeline-counts.ts";
import { openTestDb } from "./testing/test-db.ts";
import { projectCountsQuery } from "./use-project-counts.ts";

// A live query runs only where the page's global IndexedDB exists (each test's replica has its own).
Dexie.dependencies.indexedDB ??= new IDBFactory();

const sourced = { id: uuid(901), name: "Sourced" };
const screening = { id: uuid(902), name: "Screening" };

type Counts = SharedLiveQuery<PipelineCountsRow | undefined>;

/** Resolves once `query` has answered and `test` holds of its answer. */
function answered(query: Counts, test: (counts: PipelineCountsRow | undefined) => boolean): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      const loaded = query.loaded;
      if (loaded === undefined || !test(loaded.value)) return;
      stop();
      resolve();
    };
    const stop = query.listen(check);
    check();
  });
}

test("the parts of a board that show its project's counts read them once for each change", async () => {
  const { db } = openTestDb();
  await db.candidacies.bulkPut([1, 2, 3].map((n) => candidacy(uuid(n), sourced)));
  let reads = 0;
  const reading = (row: PipelineCountsRow) => {
    reads += 1;
    return row;
  };
  db.pipeline_counts.hook("reading", reading);
  // The page's total, the stage chips and the page around them, as the board shows them.
  const [total, chips, page] = [1, 2, 3].map(() => projectCountsQuery(db, projectId));
  if (!total || !chips || !page) throw new Error("three parts");
  const stops = [total, chips, page].map((query) => query.listen(() => {}));
  await Promise.all([total, chips, page].map((query) => answered(query, (counts) => counts?.all === 3)));
  const before = reads;
  await db.candidacies.put(candidacy(uuid(1), screening));
  await Promise.all(
    [total, chips, page].map((query) => answered(query, (counts) => counts?.by_stage[screening.id] === 1)),
  );
  expect(reads).toBe(before + 1);
  for (const stop of stops) stop();
  db.pipeline_counts.hook("reading").unsubscribe(reading);
});

test("a project's counts are read afresh for a screen that opens after every other one closed", async () => {
  const { db } = openTestDb();
  await db.candidacies.bulkPut([1, 2].map((n) => candidacy(uuid(n), sourced)));
  const counts = projectCountsQuery(db, projectId);
  await answered(counts, (row) => row?.all === 2);
  expect(counts.loaded).toBeUndefined();
  await db.candidacies.put(candidacy(uuid(3), sourced));
  const stop = counts.listen(() => {});
  expect(counts.loaded).toBeUndefined();
  await answered(counts, (row) => row?.all === 3);
  stop();
});
