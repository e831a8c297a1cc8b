import { expect, test } from "vitest";
import { drainPile, LIVE_SLICE_ROWS } from "./drain-pile.ts";
import type { ChangesMessage, ParsedServerMessage, SnapshotMessage } from "./server-message.ts";

const scope = "ws:00000000-0000-4000-8000-0000000000a1";
const ids = (count: number, from = 0) => Array.from({ length: count }, (_, n) => `p${from + n}`);
const part = (n: number, rowIds: string[], last = false): SnapshotMessage => ({
  type: "snapshot",
  scope,
  position: 30,
  part: n,
  last,
  rows: rowIds.map((id) => ({ entity: "person", id, data: { id } })),
});
const change = (id: string, position: number): ChangesMessage => ({
  type: "changes",
  cursor: position,
  rows: [{ position, scope, entity: "person", id, op: "put", data: { id, first_name: "New" } }],
});

/** A drain over scripted arrivals: each `take` hands out the next batch. */
async function drain(arrivals: ParsedServerMessage[][], live: boolean) {
  const applied: ParsedServerMessage[] = [];
  const parts = await drainPile({
    take: () => arrivals.shift() ?? [],
    live: () => live,
    apply: async (message) => {
      applied.push(message);
    },
  });
  return { applied, parts };
}
const shape = (message: ParsedServerMessage) =>
  message.type === "snapshot"
    ? `part ${message.part}${message.last ? " last" : ""}: ${message.rows.length}`
    : message.type === "changes"
      ? `changes ${message.cursor}`
      : message.type;

test("while changes arrive, writes a big part in slices and applies a change received meanwhile between two of them", async () => {
  const rows = ids(3 * LIVE_SLICE_ROWS);
  const late = rows[2 * LIVE_SLICE_ROWS + 1] ?? "";
  const { applied, parts } = await drain([[part(1, rows, true)], [change(late, 31)]], true);
  expect(applied.map(shape)).toEqual([
    `part 1: ${LIVE_SLICE_ROWS}`,
    "changes 31",
    `part 1: ${LIVE_SLICE_ROWS}`,
    `part 1 last: ${LIVE_SLICE_ROWS - 1}`,
  ]);
  // The rest of the part no longer holds the row the change brought.
  const rest = applied.slice(2).flatMap((message) => (message.type === "snapshot" ? message.rows : []));
  expect(rest.map((row) => row.id)).not.toContain(late);
  expect(parts).toBe(1);
});

test("a part 0 sliced replaces the scope's rows with its first slice only", async () => {
  const { applied } = await drain([[part(0, ids(LIVE_SLICE_ROWS + 1))]], true);
  expect(applied.map(shape)).toEqual([`part 0: ${LIVE_SLICE_ROWS}`, "part 1: 1"]);
});

test("with no change lately, writes parts whole, joined", async () => {
  const { applied, parts } = await drain([[part(1, ids(3 * LIVE_SLICE_ROWS)), part(2, ids(10, 900), true)]], false);
  expect(applied.map(shape)).toEqual([`part 1 last: ${3 * LIVE_SLICE_ROWS + 10}`]);
  expect(parts).toBe(2);
});
