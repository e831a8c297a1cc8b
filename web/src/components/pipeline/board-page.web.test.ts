import { Dexie, liveQuery } from "dexie";
import { IDBFactory } from "fake-indexeddb";
import { describe, expect, it } from "vitest";
import type { ListPlace } from "../../replica/candidacy-store.ts";
import type { ReplicaDb } from "../../replica/replica-db.ts";
import { openTestDb } from "../../replica/testing/test-db.ts";
import { boardPage, type PipelinePage, type PipelineQuery, pipelinePage, viewTotal } from "./pipeline-queries.ts";
import { candidacy, person, projectId, uuid, workspaceId } from "./testing/pipeline-rows.ts";

// A live query runs only where the page's global IndexedDB exists (each test's replica has its own).
Dexie.dependencies.indexedDB ??= new IDBFactory();

const sourced = { id: uuid(901), name: "Sourced" };
const screening = { id: uuid(902), name: "Screening" };

/** Added one a day: candidate n on day n, so the list (newest first) is 12, 11, … 1. */
const addedOn = (n: number) => `2026-10-${String(n).padStart(2, "0")}T09:00:00.000Z`;
const candidate = (n: number, stage = sourced) => candidacy(uuid(n), stage, { created_at: addedOn(n) });
const idOf = (n: number) => candidate(n).id;

/** Twelve candidates, 1–8 sourced, 9–12 screening. */
async function seeded(): Promise<ReplicaDb> {
  const { db } = openTestDb();
  const numbers = Array.from({ length: 12 }, (_, index) => index + 1);
  await db.people.bulkPut(numbers.map((n) => person(n)));
  await db.candidacies.bulkPut(numbers.map((n) => candidate(n, n <= 8 ? sourced : screening)));
  return db;
}

const query = (changes: Partial<PipelineQuery> = {}): PipelineQuery => ({
  workspaceId,
  projectId,
  stageId: null,
  page: 1,
  pageSize: 3,
  ...changes,
});
const ids = (page: PipelinePage) => page.items.map((item) => item.candidacy.id);

/**
 * The page as the board reads it, live, down to where it ended the time before. The view's count
 * is read apart by the board (a move changes it), and held still here: the page's own reads must
 * follow what changes on it. Resolves each answer in turn; counts the page's reads.
 */
function watchBoard(db: ReplicaDb, asked: PipelineQuery, total: number) {
  let oldest: ListPlace | undefined;
  let shown: PipelinePage["items"] = [];
  let reads = 0;
  let failed: unknown = null;
  const answers: PipelinePage[] = [];
  const waiting: (() => void)[] = [];
  const subscription = liveQuery(async () => {
    reads += 1;
    const read = await boardPage(db, asked, total, oldest, shown);
    oldest = read.items.length === asked.pageSize ? read.items.at(-1)?.candidacy : undefined;
    shown = read.items;
    return read;
  }).subscribe({
    next: (page) => {
      answers.push(page);
      for (const wake of waiting.splice(0)) wake();
    },
    error: (error: unknown) => {
      failed = error;
      for (const wake of waiting.splice(0)) wake();
    },
  });
  return {
    reads: () => reads,
    stop: () => subscription.unsubscribe(),
    /** The first answer that satisfies `test`, waiting for it if need be. */
    async until(test: (page: PipelinePage) => boolean): Promise<PipelinePage> {
      for (;;) {
        if (failed !== null) throw failed;
        const found = answers.find(test);
        if (found) return found;
        await new Promise<void>((wake) => waiting.push(wake));
      }
    },
  };
}

describe("boardPage", () => {
  it("reads the same page as a read of the whole list, wherever the last read ended", async () => {
    const db = await seeded();
    const places = Array.from({ length: 13 }, (_, index) => candidate(index + 1));
    const bounds = [undefined, ...places, ...places.map((place) => ({ ...place, id: uuid(0) }))];
    for (const stageId of [null, sourced.id, screening.id]) {
      for (const page of [1, 2, 3, 4]) {
        const asked = query({ stageId, page });
        const whole = await pipelinePage(db, asked, null);
        for (const oldest of bounds) {
          const read = await boardPage(db, asked, whole.total, oldest);
          const at = { stageId, page, oldest: oldest && [oldest.created_at, oldest.id] };
          expect({ ...at, ids: ids(read) }).toEqual({ ...at, ids: ids(whole) });
          expect(read).toMatchObject({ page: whole.page, pages: whole.pages, total: whole.total });
        }
      }
    }
  });

  it("reads the page's rows and people as they are now, whatever page it showed before", async () => {
    const db = await seeded();
    const asked = query({ stageId: sourced.id, page: 2 });
    const before = await pipelinePage(db, asked, null);
    // The same candidates, one of them moved within its stage's page and one person renamed since.
    const [first, second] = before.items;
    if (!first?.person || !second) throw new Error("the seeded page has rows");
    await db.people.put({ ...first.person, first_name: "Renamed" });
    await db.candidacies.put({ ...second.candidacy, response: "interested" });
    const now = await pipelinePage(db, asked, null);
    const elsewhere = (await pipelinePage(db, query({ page: 1 }), null)).items;
    const otherPerson = before.items.map((item, index) =>
      index === 0 ? { ...item, candidacy: { ...item.candidacy, person_id: uuid(12) } } : item,
    );
    for (const shown of [before.items, elsewhere, before.items.slice(1), otherPerson, []]) {
      const read = await boardPage(db, asked, now.total, undefined, shown);
      expect(read.items).toEqual(now.items);
    }
  });

  it("is not read again for a move of a candidate below the page, and is for one on it", async () => {
    // Added at one instant, as an import adds them: the list is in id order, newest… highest first.
    const { db } = openTestDb();
    const numbers = Array.from({ length: 12 }, (_, index) => index + 1);
    const atOnce = (n: number, stage = sourced) => candidacy(uuid(n), stage, { created_at: addedOn(1) });
    await db.people.bulkPut(numbers.map((n) => person(n)));
    await db.candidacies.bulkPut(numbers.map((n) => atOnce(n)));
    const order = numbers.map((n) => atOnce(n).id).sort((a, b) => (a < b ? 1 : -1));
    const byId = (id: string | undefined) => numbers.find((n) => atOnce(n).id === id) ?? 0;
    const [shown, below] = [order.slice(0, 3).map(byId), order.slice(3).map(byId)];
    const board = watchBoard(db, query(), viewTotal(await db.pipeline_counts.get(projectId), null));
    // The first read goes down the whole list; from the second on, down to the page's end only.
    await board.until((page) => ids(page).join() === order.slice(0, 3).join());
    await db.candidacies.put(atOnce(below[0] ?? 0, screening));
    await board.until(() => board.reads() >= 2);
    const before = board.reads();
    for (const n of below.slice(1)) await db.candidacies.put(atOnce(n, screening));
    await db.candidacies.put(atOnce(shown[1] ?? 0, screening));
    const moved = await board.until((page) => page.items[1]?.candidacy.stage_id === screening.id);
    expect(ids(moved)).toEqual(order.slice(0, 3));
    expect(board.reads()).toBe(before + 1);
    board.stop();
  });

  it("follows a candidate above the page leaving its stage, or added or removed, to the right rows", async () => {
    const db = await seeded();
    // Sourced, page 2: candidates 5, 4, 3 (8, 7, 6 are on page 1).
    const board = watchBoard(db, query({ stageId: sourced.id, page: 2 }), 8);
    await board.until((page) => ids(page).join() === [5, 4, 3].map(idOf).join());
    await db.candidacies.put(candidate(7, screening));
    await board.until((page) => ids(page).join() === [4, 3, 2].map(idOf).join());
    await db.candidacies.delete(idOf(8));
    await board.until((page) => ids(page).join() === [3, 2, 1].map(idOf).join());
    // One in and one out above the page in the same write: the count stays, the page moves.
    await db.transaction("rw", db.candidacies, async () => {
      await db.candidacies.put(candidate(6, screening));
      await db.candidacies.put(candidate(10, sourced));
    });
    await board.until((page) => ids(page).join() === [4, 3, 2].map(idOf).join());
    board.stop();
  });
});
