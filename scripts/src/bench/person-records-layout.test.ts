import { expect, it } from "vitest";
import { BOARD_ORDER, personRecordsLayout, STAGE_ORDER } from "./person-records-layout.ts";
import type { RawStoreCopy } from "./pipeline-probes.ts";

const candidacy = (id: string, personId: string, stageId: string) => ({
  id,
  person_id: personId,
  project_id: "project-1",
  stage_id: stageId,
  created_at: `2026-12-01T10:00:0${id.at(-1)}Z`,
});

const copy = (people: unknown[], candidacies: unknown[]): RawStoreCopy[] => [
  {
    name: "people",
    indexes: [
      { name: "[owner_id+order_key]", keyPath: ["owner_id", "order_key"], multiEntry: false, entries: people.length },
    ],
    rows: people,
  },
  {
    name: "candidacies",
    indexes: [{ name: "person_id", keyPath: "person_id", multiEntry: false, entries: candidacies.length }],
    rows: candidacies,
  },
];

it("puts each person's candidacies in the person's record, with one board key and one stage key each", () => {
  const [people, ...others] = personRecordsLayout(
    copy(
      [
        { id: "person-a", owner_id: "user-1", order_key: "a" },
        { id: "person-b", owner_id: "user-1", order_key: "b" },
      ],
      [candidacy("c1", "person-a", "stage-1"), candidacy("c2", "person-a", "stage-2")],
    ),
  );
  expect(others).toEqual([]);
  expect(people?.rows).toEqual([
    {
      id: "person-a",
      owner_id: "user-1",
      order_key: "a",
      candidacies: [candidacy("c1", "person-a", "stage-1"), candidacy("c2", "person-a", "stage-2")],
      [BOARD_ORDER]: [
        ["project-1", "2026-12-01T10:00:01Z", "c1"],
        ["project-1", "2026-12-01T10:00:02Z", "c2"],
      ],
      [STAGE_ORDER]: [
        ["project-1", "stage-1", "2026-12-01T10:00:01Z", "c1"],
        ["project-1", "stage-2", "2026-12-01T10:00:02Z", "c2"],
      ],
    },
    { id: "person-b", owner_id: "user-1", order_key: "b", candidacies: [], [BOARD_ORDER]: [], [STAGE_ORDER]: [] },
  ]);
});

it("keeps the people's indexes and counts one entry of each board index per candidacy", () => {
  const [people] = personRecordsLayout(copy([{ id: "person-a" }], [candidacy("c1", "person-a", "stage-1")]));
  expect(people?.indexes.map(({ name, multiEntry, entries }) => [name, multiEntry, entries])).toEqual([
    ["[owner_id+order_key]", false, 1],
    [BOARD_ORDER, true, 1],
    [STAGE_ORDER, true, 1],
  ]);
});

it("gives a candidacy whose person is not held a record of its own under the person's id", () => {
  const [people] = personRecordsLayout(copy([], [candidacy("c1", "person-x", "stage-1")]));
  expect(people?.rows).toMatchObject([{ id: "person-x", candidacies: [{ id: "c1" }] }]);
  expect(people?.rows[0]).not.toHaveProperty("owner_id");
});

it("refuses a copy without both stores", () => {
  expect(() => personRecordsLayout(copy([], []).slice(0, 1))).toThrow("no people or no candidacies");
});
