import { candidacyIdOf } from "@hirestream/contracts/candidacies/candidacy-id.ts";
import { describe, expect, test } from "vitest";
import { candidacy, otherProjectId, projectId, uuid } from "../components/pipeline/testing/pipeline-rows.ts";
import {
  boardKeys,
  candidaciesById,
  candidaciesOfPeople,
  candidacyKeysInProjectScope,
  candidacyRowStore,
} from "./candidacy-store.ts";
import { openTestDb } from "./testing/test-db.ts";

// The candidacies' storage as the rest of the replica sees it: what each read answers, whatever
// layout holds the rows.

const sourced = { id: uuid(900), name: "Sourced" };
const screened = { id: uuid(901), name: "Screened" };
const addedAt = (day: number) => `2026-11-${String(day).padStart(2, "0")}T08:00:00.000Z`;

/** Six candidates of the project, added on days 1 to 4 (two pairs on the same day), and one elsewhere. */
async function seeded() {
  const { db } = openTestDb();
  const store = candidacyRowStore(db);
  const rows = [
    candidacy(uuid(1), sourced, { created_at: addedAt(1) }),
    candidacy(uuid(2), screened, { created_at: addedAt(2) }),
    candidacy(uuid(3), sourced, { created_at: addedAt(2) }),
    candidacy(uuid(4), sourced, { created_at: addedAt(3) }),
    candidacy(uuid(5), screened, { created_at: addedAt(4) }),
    candidacy(uuid(6), sourced, { created_at: addedAt(4) }),
    candidacy(uuid(1), sourced, { project_id: otherProjectId, created_at: addedAt(5) }),
  ];
  await store.bulkPut(rows);
  const idOf = (n: number, project = projectId) => candidacyIdOf(project, uuid(n));
  return { db, store, idOf };
}

/** Newest added first, equal times by id, the greater first (the index read in reverse). */
function inListOrder(ids: string[], addedOn: Record<string, number>): string[] {
  return [...ids].sort((a, b) => (addedOn[b] ?? 0) - (addedOn[a] ?? 0) || (a < b ? 1 : a > b ? -1 : 0));
}

describe("a board's list", () => {
  test("holds the project's candidates newest added first, equal times by id, and a stage's only theirs", async () => {
    const { db, idOf } = await seeded();
    const addedOn = { [idOf(1)]: 1, [idOf(2)]: 2, [idOf(3)]: 2, [idOf(4)]: 3, [idOf(5)]: 4, [idOf(6)]: 4 };
    const all = [1, 2, 3, 4, 5, 6].map((n) => idOf(n));
    expect(await boardKeys(db, { projectId, stageId: null })).toEqual(inListOrder(all, addedOn));
    expect(await boardKeys(db, { projectId, stageId: screened.id })).toEqual(inListOrder([idOf(2), idOf(5)], addedOn));
    expect(await boardKeys(db, { projectId: otherProjectId, stageId: null })).toEqual([idOf(1, otherProjectId)]);
  });

  test("reads at most a limit from the top, or from the top down to a row's place, that row included", async () => {
    const { db, idOf } = await seeded();
    const list = { projectId, stageId: null };
    const whole = await boardKeys(db, list);
    expect(await boardKeys(db, list, { limit: 2 })).toEqual(whole.slice(0, 2));
    const place = { id: idOf(3), created_at: addedAt(2) };
    const downTo = whole.indexOf(idOf(3));
    expect(await boardKeys(db, list, { oldest: place })).toEqual(whole.slice(0, downTo + 1));
    expect(await boardKeys(db, list, { oldest: place, limit: 1 })).toEqual(whole.slice(0, 1));
  });
});

test("finds candidacies by id in the order asked, and each person's in every project", async () => {
  const { db, idOf } = await seeded();
  const missing = candidacyIdOf(projectId, uuid(99));
  const found = await candidaciesById(db, [idOf(4), missing, idOf(1, otherProjectId)]);
  expect(found.map((row) => row?.id)).toEqual([idOf(4), undefined, idOf(1, otherProjectId)]);
  expect((await candidaciesOfPeople(db, [uuid(1), uuid(5)])).map((row) => row.id).sort()).toEqual(
    [idOf(1), idOf(1, otherProjectId), idOf(5)].sort(),
  );
  expect(await candidaciesOfPeople(db, [])).toEqual([]);
});

test("names the project's candidacies that its scope holds, and no other's", async () => {
  const { db, store, idOf } = await seeded();
  const scope = `proj:${projectId}`;
  expect(await candidacyKeysInProjectScope(db, projectId, scope)).toEqual([]);
  const held = await candidaciesById(db, [idOf(2), idOf(6), idOf(1, otherProjectId)]);
  await store.bulkPut(held.flatMap((row) => (row ? [{ ...row, scopes: [...row.scopes, scope] }] : [])));
  expect((await candidacyKeysInProjectScope(db, projectId, scope)).sort()).toEqual([idOf(2), idOf(6)].sort());
});

test("its row store reads, writes and deletes by id, and lists the ids held in a range", async () => {
  const { store, idOf } = await seeded();
  const ids = (await store.ids()).sort();
  expect(ids).toHaveLength(7);
  const [least, second, third] = ids;
  if (!least || !second || !third) throw new Error("seeded fewer than three");
  expect(await store.idsBetween(least, third, 10)).toEqual([least, second, third]);
  expect(await store.idsBetween(least, third, 2)).toEqual([least, second]);
  const row = await store.get(idOf(4));
  if (!row) throw new Error("candidacy 4 not stored");
  await store.put({ ...row, stage_id: screened.id, status: screened.name });
  expect((await store.get(idOf(4)))?.status).toBe("Screened");
  await store.delete(idOf(4));
  await store.bulkDelete([idOf(5)]);
  expect(await store.bulkGet([idOf(4), idOf(5), idOf(6)])).toEqual([undefined, undefined, await store.get(idOf(6))]);
  expect(await store.ids()).toHaveLength(5);
});
