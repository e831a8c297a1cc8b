// How the replica stores candidacies, and the one place that knows it: every read and write of a
// candidacy goes through here, or through the row store this makes for the code that works on any
// table (replica-db.ts' rowStores). Today a candidacy is a record of its own in `candidacies`, its
// list orders (a project's, a stage's: newest added first, equal times by id) and its person as
// indexes of that table (replica-versions.ts). A project's first sync writes a record per
// candidacy beside one per person; storing them otherwise changes this file and no screen, with
// the project's counts, which a middleware on the same table keeps (pipeline-counts.ts).
import type { CandidacyRow } from "@hirestream/contracts/candidacies/rows.ts";
import { Dexie, type Table } from "dexie";
import type { ReplicaDb, Stored } from "./replica-db.ts";
import { type RowStore, tableRowStore } from "./row-store.ts";

type StoredCandidacy = Stored<CandidacyRow>;

/** A candidacy's place in its project's list: when it was added, then its id. */
export type ListPlace = Pick<CandidacyRow, "created_at" | "id">;

/** The candidacies' rows by id, for the sync's and the outbox's writes. */
export function candidacyRowStore(db: ReplicaDb): RowStore<StoredCandidacy> {
  return tableRowStore(db.candidacies);
}

/** The Dexie tables a transaction reading candidacies must name: those their row store writes. */
export function candidacyTables(db: ReplicaDb): readonly Table[] {
  return db.rowStores.candidacies.tables;
}

/** The candidacies of `ids`, in that order, undefined where the replica holds none. */
export function candidaciesById(db: ReplicaDb, ids: readonly string[]): Promise<(StoredCandidacy | undefined)[]> {
  return db.candidacies.bulkGet([...ids]);
}

/** Every candidacy of these people, in any project the replica holds. */
export function candidaciesOfPeople(db: ReplicaDb, personIds: readonly string[]): Promise<StoredCandidacy[]> {
  if (personIds.length === 0) return Promise.resolve([]);
  return db.candidacies
    .where("person_id")
    .anyOf([...personIds])
    .toArray();
}

/** Where a board's list is read: a project, or one of its stages (null: all of them). */
export interface BoardList {
  projectId: string;
  stageId: string | null;
}

/**
 * The ids of the list's candidacies in its order, newest added first, equal times by id: from the
 * top, or from `oldest` up to the top (it included), at most `limit` of them. Read from an index,
 * keys only.
 */
export function boardKeys(
  db: ReplicaDb,
  list: BoardList,
  { oldest, limit }: { oldest?: ListPlace | undefined; limit?: number } = {},
): Promise<string[]> {
  const { projectId, stageId } = list;
  const from = oldest ? [oldest.created_at, oldest.id] : [Dexie.minKey];
  const collection = (
    stageId === null
      ? db.candidacies
          .where("[project_id+created_at+id]")
          .between([projectId, ...from], [projectId, Dexie.maxKey], true, true)
      : db.candidacies
          .where("[project_id+stage_id+created_at+id]")
          .between([projectId, stageId, ...from], [projectId, stageId, Dexie.maxKey], true, true)
  ).reverse();
  return (limit === undefined ? collection : collection.limit(limit)).primaryKeys();
}

/** The ids of the candidacies the replica holds for a project's scope (`proj:{id}`). */
export function candidacyKeysInProjectScope(db: ReplicaDb, projectId: string, scope: string): Promise<string[]> {
  return db.candidacies
    .where("[project_id+created_at+id]")
    .between([projectId, Dexie.minKey, Dexie.minKey], [projectId, Dexie.maxKey, Dexie.maxKey], true, true)
    .filter((row) => row.scopes.includes(scope))
    .primaryKeys();
}
