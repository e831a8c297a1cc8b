import { expect, it } from "vitest";
import { snapshotParts } from "./snapshot-parts.ts";

const scope = "ws:00000000-0000-4000-8000-0000000000a1";
const rows = (count: number) =>
  Array.from({ length: count }, (_, n) => ({ entity: "person", id: `p${n}`, data: { n } }));

it("sends an empty scope as one last part, so the client still replaces what it had", () => {
  expect(snapshotParts(scope, 9, [], 3)).toEqual([
    { type: "snapshot", scope, position: 9, part: 0, last: true, rows: [] },
  ]);
});

it.each([
  [1, [1]],
  [3, [3]],
  [4, [3, 1]],
  [9, [3, 3, 3]],
  [10, [3, 3, 3, 1]],
])("splits %i rows into parts of at most 3: %j", (count, sizes) => {
  const parts = snapshotParts(scope, 9, rows(count), 3);
  expect(parts.map((part) => part.rows.length)).toEqual(sizes);
  expect(parts.map((part) => part.part)).toEqual(sizes.map((_, index) => index));
  expect(parts.map((part) => part.last)).toEqual(sizes.map((_, index) => index === sizes.length - 1));
  expect(parts.flatMap((part) => part.rows)).toEqual(rows(count));
});
