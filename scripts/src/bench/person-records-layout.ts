import type { RawStoreCopy } from "./pipeline-probes.ts";

/** The two board orders' keys of a person's record: one entry per candidacy in each. */
export const BOARD_ORDER = "board_order";
export const STAGE_ORDER = "stage_order";

type CandidacyCopy = Record<"id" | "person_id" | "project_id" | "stage_id" | "created_at", string>;

/** A person's record: the person's row when held, and every candidacy of theirs with its board keys. */
interface PersonRecord extends Record<string, unknown> {
  id: string;
  candidacies: CandidacyCopy[];
  [BOARD_ORDER]: string[][];
  [STAGE_ORDER]: string[][];
}

/**
 * The replica's people and candidacies as one store: each person's record holding its candidacies,
 * with the board's two orders as multi-entry keys of arrays (all of the project's, and a stage's),
 * where the replica keeps them apart (a record per candidacy with three indexes of its own).
 * IndexedDB's cost is per record far more than per byte, so the raw reference puts the same rows
 * in both layouts, to tell what the replica's schema costs a project's first sync before it is
 * changed. A candidacy whose person is not held goes in a record of its own under the person's id.
 */
export function personRecordsLayout(stores: readonly RawStoreCopy[]): RawStoreCopy[] {
  const people = stores.find((store) => store.name === "people");
  const candidacies = stores.find((store) => store.name === "candidacies");
  if (!people || !candidacies) throw new Error("the copy holds no people or no candidacies");
  const records = new Map<string, PersonRecord>();
  const recordOf = (id: string, row: Record<string, unknown> = {}) => {
    const record = records.get(id) ?? { ...row, id, candidacies: [], [BOARD_ORDER]: [], [STAGE_ORDER]: [] };
    records.set(id, record);
    return record;
  };
  for (const row of people.rows) {
    const person = fieldsOf(row, ["id"]);
    recordOf(person.id, person);
  }
  for (const row of candidacies.rows) {
    const candidacy = fieldsOf(row, ["id", "person_id", "project_id", "stage_id", "created_at"]);
    const record = recordOf(candidacy.person_id);
    record.candidacies.push(candidacy);
    record[BOARD_ORDER].push([candidacy.project_id, candidacy.created_at, candidacy.id]);
    record[STAGE_ORDER].push([candidacy.project_id, candidacy.stage_id, candidacy.created_at, candidacy.id]);
  }
  const entries = candidacies.rows.length;
  return [
    {
      name: "people",
      indexes: [
        ...people.indexes,
        { name: BOARD_ORDER, keyPath: BOARD_ORDER, multiEntry: true, entries },
        { name: STAGE_ORDER, keyPath: STAGE_ORDER, multiEntry: true, entries },
      ],
      rows: [...records.values()],
    },
  ];
}

/**
 * A stored row as it is, once the text fields the layout reads are checked: a replica without them
 * is not one this bench knows. Not copied: the record made from it is (recordOf).
 */
function fieldsOf<K extends string>(row: unknown, fields: readonly K[]): Record<K, string> & Record<string, unknown> {
  if (typeof row !== "object" || row === null) throw new Error("a stored row that is not an object");
  const record = row as Record<string, unknown>;
  for (const field of fields) {
    if (typeof record[field] !== "string") throw new Error(`a stored row without a text ${field}`);
  }
  return record as Record<K, string> & Record<string, unknown>;
}
