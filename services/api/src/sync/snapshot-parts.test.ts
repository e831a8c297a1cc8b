import { describe, expect, it } from "vitest";
import type { SnapshotKey } from "./change-feed.ts";
import { type PlannedRow, partFrame, partRows, SnapshotRows, snapshotParts } from "./snapshot-parts.ts";

const scope = "ws:00000000-0000-4000-8000-0000000000a1";
const keys = (count: number): SnapshotKey[] =>
  Array.from({ length: count }, (_, n) => ({ entity: "person", id: `p${n}`, position: 10 + n, seq: 0 }));
const dataOf = async (rows: readonly PlannedRow[]) => rows.map((row) => ({ n: row.id }));

async function allParts(planned: readonly PlannedRow[], read = dataOf) {
  const parts = [];
  for await (const part of snapshotParts(scope, 99, planned, read, 3)) parts.push(part);
  return parts;
}

it("sends an empty scope as one last part, so the client still replaces what it had", async () => {
  expect(await allParts([])).toEqual([{ type: "snapshot", scope, position: 99, part: 0, last: true, rows: [] }]);
});

it.each([
  [1, [1]],
  [3, [3]],
  [4, [3, 1]],
  [9, [3, 3, 3]],
  [10, [3, 3, 3, 1]],
])("splits %i rows into parts of at most 3: %j", async (count, sizes) => {
  const parts = await allParts(new SnapshotRows().plan(keys(count)));
  expect(parts.map((part) => part.rows.length)).toEqual(sizes);
  expect(parts.map((part) => part.part)).toEqual(sizes.map((_, index) => index));
  expect(parts.map((part) => part.last)).toEqual(sizes.map((_, index) => index === sizes.length - 1));
  expect(parts.flatMap((part) => part.rows)).toEqual(
    keys(count).map(({ entity, id }) => ({ entity, id, data: { n: id } })),
  );
});

it("reads each part's data as the part before it goes out", async () => {
  const reads: string[][] = [];
  const parts = snapshotParts(
    scope,
    99,
    new SnapshotRows().plan(keys(7)),
    async (rows) => {
      reads.push(rows.map((row) => row.id));
      return dataOf(rows);
    },
    3,
  );
  await parts.next();
  expect(reads).toEqual([
    ["p0", "p1", "p2"],
    ["p3", "p4", "p5"],
  ]);
  await parts.next();
  expect(reads).toEqual([["p0", "p1", "p2"], ["p3", "p4", "p5"], ["p6"]]);
  await parts.return(undefined);
  expect(reads).toHaveLength(3);
});

it("sends a row an earlier snapshot of the catch-up sent as of the same change as `same`, without reading it", async () => {
  const sent = new SnapshotRows();
  sent.plan(keys(2));
  const moved = { entity: "person", id: "p1", position: 50, seq: 0 };
  const reads: string[] = [];
  const parts = await allParts(sent.plan([keys(1)[0] ?? moved, moved]), async (rows) => {
    reads.push(...rows.map((row) => row.id));
    return dataOf(rows);
  });
  expect(parts.flatMap((part) => part.rows)).toEqual([
    { entity: "person", id: "p0", same: true },
    { entity: "person", id: "p1", data: { n: "p1" } },
  ]);
  expect(reads).toEqual(["p1"]);
});

describe("a row several scopes of the catch-up hold", () => {
  const pool = "user:00000000-0000-4000-8000-0000000000b1";

  it("goes once, in full, naming the other scopes whose keys are known, which then leave it out", () => {
    const sent = new SnapshotRows();
    const shared = keys(4);
    sent.holds(scope, shared);
    sent.holds(pool, shared.slice(1));
    const first = sent.planPart(scope, shared, 0, 3);
    sent.sent(scope, first.rows);
    expect(first).toEqual({
      rows: [
        { ...shared[0], same: false },
        { ...shared[1], same: false, also: [pool] },
        { ...shared[2], same: false, also: [pool] },
      ],
      next: 3,
      last: false,
    });
    // The pool's part holds only what the workspace's has not sent yet, naming it back.
    const second = sent.planPart(pool, shared.slice(1), 0, 3);
    sent.sent(pool, second.rows);
    expect(second).toEqual({
      rows: [{ ...shared[3], same: false, also: [scope] }],
      next: 3,
      last: true,
    });
    expect(sent.planPart(scope, shared, 3, 3)).toEqual({ rows: [], next: 4, last: true });
  });

  it("goes as the same row to a scope whose keys were read after it went, and anew when it changed since", () => {
    const sent = new SnapshotRows();
    const shared = keys(2);
    sent.holds(scope, shared);
    const first = sent.planPart(scope, shared, 0, 2);
    // Planned, not sent: planned again, it is the same plan.
    expect(sent.planPart(scope, shared, 0, 2)).toEqual(first);
    sent.sent(scope, first.rows);
    expect(first.rows).toEqual(shared.map((key) => ({ ...key, same: false })));
    const moved = { entity: "person", id: "p1", position: 50, seq: 0 };
    const [held] = shared;
    if (!held) throw new Error("no key");
    sent.holds(pool, [held, moved]);
    expect(sent.planPart(pool, [held, moved], 0, 5)).toEqual({
      rows: [
        { ...held, same: true },
        { ...moved, same: false },
      ],
      next: 2,
      last: true,
    });
  });
});

it("writes a part's frame with its rows' data spliced in as held, the same message as its rows would print", () => {
  const pool = "user:00000000-0000-4000-8000-0000000000b1";
  const planned: PlannedRow[] = [
    { entity: "person", id: "p0", position: 1, seq: 0, same: false, also: [pool] },
    { entity: "person", id: "p1", position: 2, seq: 0, same: true },
    { entity: "person", id: 'p"2', position: 3, seq: 0, same: false },
  ];
  const data = [{ name: 'Ada "A" ü' }, { nested: { list: [1, null, "x"] } }];
  const texts = data.map((row) => JSON.stringify(row, null, 1));
  const header = { scope, position: 9, part: 2, last: true };
  expect(JSON.parse(partFrame(header, planned, texts))).toEqual({
    type: "snapshot",
    ...header,
    rows: partRows(planned, data),
  });
  expect(partRows(planned, data)[0]).toEqual({ entity: "person", id: "p0", data: data[0], also: [pool] });
  expect(() => partFrame(header, planned, texts.slice(1))).toThrow();
});
